import type { Db } from '../../db/database.js';

/**
 * A user's store version (`users.store_version`) changes with every write to what their synced
 * answers show, so a cached answer built at an older version is never served again, on any
 * instance. Writers call these after their write and in the same transaction where they have one:
 * bumping first would let a request read the new version with the old data and cache that.
 */
export async function bumpStoreVersion(db: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable('users')
    .set((eb) => ({ store_version: eb('store_version', '+', 1) }))
    .where('id', 'in', [...new Set(userIds)])
    .execute();
}

/** Shared repository rows changed: every user who sees one of them gets a new version. */
export async function bumpStoreVersionOfViewers(
  db: Db,
  repositoryIds: readonly number[],
): Promise<void> {
  if (repositoryIds.length === 0) return;
  await db
    .updateTable('users')
    .set((eb) => ({ store_version: eb('store_version', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('github_repository_access')
        .select('github_repository_access.user_id')
        .where('github_repository_access.repository_id', 'in', [...new Set(repositoryIds)]),
    )
    .execute();
}
