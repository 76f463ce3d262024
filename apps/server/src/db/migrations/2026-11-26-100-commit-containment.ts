import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('github_commit_containment')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('repository', 'text', (col) => col.notNull())
    .addColumn('sha', 'text', (col) => col.notNull())
    .addColumn('production_sha', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('checked_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('github_commit_containment_pk', [
      'user_id',
      'repository',
      'sha',
      'production_sha',
    ])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('github_commit_containment').execute();
}
