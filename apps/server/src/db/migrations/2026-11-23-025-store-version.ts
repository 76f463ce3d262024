import type { Kysely } from 'kysely';

// A per-user version of everything the synced answers show (store rows, sync state, provider
// connection). Every writer bumps it; the session query reads it with the user, so an answer
// cached under an older version is never served, on any instance.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('store_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('store_version').execute();
}
