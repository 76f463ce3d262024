import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Pending round trips started before the binding existed cannot be checked: drop them.
  await db.deleteFrom('oauth_states').execute();
  await db.schema
    .alterTable('oauth_states')
    .addColumn('browser_hash', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('oauth_handoffs')
    .addColumn('code_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('browser_hash', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_handoffs').execute();
  await db.schema.alterTable('oauth_states').dropColumn('browser_hash').execute();
}
