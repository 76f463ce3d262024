import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { bumpStoreVersion } from '../answer-cache/store-version.repository.js';
import type { VercelConnectionsTable } from './vercel-connections.table.js';

export type VercelConnectionRow = Selectable<VercelConnectionsTable>;

export async function findVercelConnection(
  db: Db,
  userId: string,
): Promise<VercelConnectionRow | undefined> {
  return db
    .selectFrom('vercel_connections')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function saveVercelConnection(
  db: Db,
  row: Insertable<VercelConnectionsTable>,
): Promise<void> {
  const { user_id: userId, ...changes } = row;
  void userId;
  await db
    .insertInto('vercel_connections')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
  // `/auth/me` shows the connection.
  await bumpStoreVersion(db, [row.user_id]);
}

export async function markVercelConnection(
  db: Db,
  userId: string,
  status: VercelConnectionRow['status'],
): Promise<void> {
  await db
    .updateTable('vercel_connections')
    .set({ status })
    .where('user_id', '=', userId)
    .execute();
  await bumpStoreVersion(db, [userId]);
}

/** Users whose Vercel connection works and who keep the "Vercel sync" preference on. */
export async function listBackgroundSyncedVercelUsers(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('vercel_connections')
    .innerJoin('users', 'users.id', 'vercel_connections.user_id')
    .select('vercel_connections.user_id')
    .where('vercel_connections.status', '=', 'connected')
    .where('users.pref_vercel_sync', '=', 1)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Forgets the connection and every Vercel row synced for this user. */
export async function deleteVercelData(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('vercel_deployments').where('user_id', '=', userId).execute();
  await db.deleteFrom('vercel_projects').where('user_id', '=', userId).execute();
  await db.deleteFrom('vercel_connections').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('sync_state')
    .where('user_id', '=', userId)
    .where('provider', '=', 'vercel')
    .execute();
  await db
    .deleteFrom('provider_tokens')
    .where('user_id', '=', userId)
    .where('provider', '=', 'vercel')
    .execute();
  await bumpStoreVersion(db, [userId]);
}

/** Members (not admins) connected through the server's own Vercel account. */
export async function listMembersOnServerVercel(
  db: Db,
): Promise<{ userId: string; username: string }[]> {
  const rows = await db
    .selectFrom('vercel_connections')
    .innerJoin('users', 'users.id', 'vercel_connections.user_id')
    .select(['vercel_connections.user_id as userId', 'users.username'])
    .where('vercel_connections.source', '=', 'server')
    .where('users.role', '=', 'member')
    .execute();
  return rows;
}
