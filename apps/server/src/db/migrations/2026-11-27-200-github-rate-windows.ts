import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // GitHub's search (30 a minute) and GraphQL (points an hour) budgets of one token, shared by
  // every job on every instance: a request takes a slot here before it goes out (issue 33).
  await db.schema
    .createTable('github_rate_windows')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('quota', 'integer', (col) => col.notNull())
    .addColumn('remaining', 'integer', (col) => col.notNull())
    .addColumn('reset_at', 'text', (col) => col.notNull())
    .addColumn('seen_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('github_rate_windows_pkey', ['user_id', 'resource'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('github_rate_windows').execute();
}
