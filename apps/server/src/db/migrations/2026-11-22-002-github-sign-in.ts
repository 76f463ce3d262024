import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('link_user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('provider_tokens')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('token_sealed', 'text', (col) => col.notNull())
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('provider_tokens_pk', ['user_id', 'provider'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('provider_tokens').execute();
  await db.schema.dropTable('oauth_states').execute();
}
