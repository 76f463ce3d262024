import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('display_name', 'text', (col) => col.notNull())
    .addColumn('avatar_url', 'text')
    .addColumn('github_id', 'text')
    .addColumn('github_login', 'text')
    .addColumn('pref_notifications', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('pref_email_notifications', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('pref_github_sync', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('pref_vercel_sync', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('last_login_at', 'text')
    .execute();
  await db.schema
    .createIndex('users_username_unique')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();
  await db.schema.createIndex('users_email_unique').on('users').unique().column('email').execute();
  await db.schema
    .createIndex('users_github_id_unique')
    .on('users')
    .unique()
    .column('github_id')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('reset_at', 'integer', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_reset_at')
    .on('rate_limits')
    .column('reset_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
