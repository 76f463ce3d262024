import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // A new address waiting for its owner to open the link mailed to it; only the token's hash.
  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_changes_user_idx')
    .on('email_changes')
    .columns(['user_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
}
