import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Who runs the instance, and who an admin has shut out (sessions go with the flag).
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('member'))
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();

  // Instance-wide settings an admin changes without a restart; also the first-owner claim.
  await db.schema
    .createTable('instance_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  // An instance that already has accounts: its oldest becomes the owner, and the claim is taken.
  const oldest = await db
    .selectFrom('users')
    .select(['id'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (oldest) {
    const now = new Date().toISOString();
    await db.updateTable('users').set({ role: 'owner' }).where('id', '=', oldest.id).execute();
    await db
      .insertInto('instance_settings')
      .values({ key: 'first_owner', value: now, updated_at: now })
      .execute();
  }

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('role', 'text', (col) => col.notNull())
    // Kept as text: the invitation outlives the inviter's account and still names them.
    .addColumn('invited_by_user_id', 'text')
    .addColumn('invited_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by_user_id', 'text')
    .addColumn('revoked_at', 'text')
    .execute();

  // A GitHub sign-in begun from an invitation link carries the invitation to the callback.
  await db.schema.alterTable('oauth_states').addColumn('invitation_id', 'text').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();

  // Append-only: no foreign keys, so deleting an account keeps what it did, named by username.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('actor_kind', 'text', (col) => col.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_username', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('target_label', 'text')
    .addColumn('ip', 'text')
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('details', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('audit_log_at_id').on('audit_log').columns(['at', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('password_resets').execute();
  await db.schema.dropTable('invitations').execute();
  await db.schema.dropTable('instance_settings').execute();
  await db.schema.alterTable('oauth_states').dropColumn('invitation_id').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
