import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_state')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('cursor', 'text')
    .addColumn('phase', 'text')
    .addColumn('progress_done', 'integer')
    .addColumn('progress_total', 'integer')
    .addColumn('last_success_at', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('next_due_at', 'text')
    .addPrimaryKeyConstraint('sync_state_pk', ['user_id', 'provider', 'resource'])
    .execute();
  await db.schema
    .createIndex('sync_state_next_due_at')
    .on('sync_state')
    .column('next_due_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sync_state').execute();
}
