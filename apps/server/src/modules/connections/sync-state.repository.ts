import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { bumpStoreVersion } from '../answer-cache/store-version.repository.js';
import type { Provider } from './provider-tokens.table.js';
import type { SyncStateTable } from './sync-state.table.js';

export type SyncStateRow = Selectable<SyncStateTable>;
type SyncStateChanges = Partial<
  Omit<Insertable<SyncStateTable>, 'user_id' | 'provider' | 'resource'>
>;

export interface SyncStateKey {
  userId: string;
  provider: Provider;
  resource: string;
}

export async function findSyncState(db: Db, key: SyncStateKey): Promise<SyncStateRow | undefined> {
  return db
    .selectFrom('sync_state')
    .selectAll()
    .where('user_id', '=', key.userId)
    .where('provider', '=', key.provider)
    .where('resource', '=', key.resource)
    .executeTakeFirst();
}

export async function listSyncStates(
  db: Db,
  userId: string,
  provider: Provider,
): Promise<SyncStateRow[]> {
  return db
    .selectFrom('sync_state')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .execute();
}

/** Creates the row or changes only the given columns of it. */
export async function updateSyncState(
  db: Db,
  key: SyncStateKey,
  changes: SyncStateChanges,
): Promise<void> {
  await db
    .insertInto('sync_state')
    .values({ user_id: key.userId, provider: key.provider, resource: key.resource, ...changes })
    .onConflict((oc) =>
      Object.keys(changes).length === 0
        ? oc.columns(['user_id', 'provider', 'resource']).doNothing()
        : oc.columns(['user_id', 'provider', 'resource']).doUpdateSet(changes),
    )
    .execute();
  // Answers carry the sync state (`syncedAt`, phase, progress, last error).
  await bumpStoreVersion(db, [key.userId]);
}

/**
 * Stores a sync's cursor (where a running sync stands, which no answer shows): like
 * `updateSyncState` but without moving the store version, so a sync that notes its place after
 * every page does not make every open page's cached answers stale.
 */
export async function saveSyncCursor(
  db: Db,
  key: SyncStateKey,
  changes: Pick<SyncStateChanges, 'cursor' | 'etag' | 'last_success_at'>,
): Promise<void> {
  await db
    .insertInto('sync_state')
    .values({ user_id: key.userId, provider: key.provider, resource: key.resource, ...changes })
    .onConflict((oc) => oc.columns(['user_id', 'provider', 'resource']).doUpdateSet(changes))
    .execute();
}

/** Creates the row with the given columns unless it exists (an existing row is left alone). */
export async function createSyncStateIfAbsent(
  db: Db,
  key: SyncStateKey,
  values: SyncStateChanges,
): Promise<void> {
  const inserted = await db
    .insertInto('sync_state')
    .values({ user_id: key.userId, provider: key.provider, resource: key.resource, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'provider', 'resource']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) await bumpStoreVersion(db, [key.userId]);
}

export async function deleteSyncStates(db: Db, userId: string, provider: Provider): Promise<void> {
  await db
    .deleteFrom('sync_state')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .execute();
  await bumpStoreVersion(db, [userId]);
}
