import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One row per user and UTC day: the stat cards' "vs last month" compares with these.
  await db.schema
    .createTable('github_daily_snapshots')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('total_repos', 'integer', (col) => col.notNull())
    .addColumn('total_commits', 'integer', (col) => col.notNull())
    .addColumn('open_issues', 'integer', (col) => col.notNull())
    .addColumn('total_stars', 'integer', (col) => col.notNull())
    .addColumn('total_forks', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('github_daily_snapshots_pk', ['user_id', 'day'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('github_daily_snapshots').execute();
}
