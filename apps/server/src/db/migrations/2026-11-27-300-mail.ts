import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One row per message: its unique key makes a message at most once across instances, and
  // the row records how sending ended (a permanent refusal stays on record).
  await db.schema
    .createTable('mail_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('dedupe_key', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('to_address', 'text', (col) => col.notNull())
    // Sealed: it may hold a one-time link; emptied once the message is sent or given up.
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_messages_user_idx')
    .on('mail_messages')
    .columns(['user_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_messages').execute();
}
