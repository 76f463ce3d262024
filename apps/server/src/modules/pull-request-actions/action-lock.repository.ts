import type { Db } from '../../db/database.js';

/** The lock of one pull request, shared by every action on it. */
export function actionLockKey(repositoryId: number | string, number: number): string {
  return `${String(repositoryId)}#${number}`;
}

/**
 * Takes the lock when free (or expired): true when this holder now has it. Insert-or-nothing on
 * the primary key, so two instances racing for it cannot both win.
 */
export async function tryTakeActionLock(
  db: Db,
  lock: { key: string; holder: string; action: string; ttlMs: number },
): Promise<boolean> {
  const now = new Date();
  await db
    .deleteFrom('pull_request_action_locks')
    .where('lock_key', '=', lock.key)
    .where('expires_at', '<', now.toISOString())
    .execute();
  const result = await db
    .insertInto('pull_request_action_locks')
    .values({
      lock_key: lock.key,
      holder: lock.holder,
      action: lock.action,
      acquired_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lock.ttlMs).toISOString(),
    })
    .onConflict((conflict) => conflict.column('lock_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Releases the lock if this holder still has it (an expired one may have passed on). */
export async function releaseActionLock(db: Db, key: string, holder: string): Promise<void> {
  await db
    .deleteFrom('pull_request_action_locks')
    .where('lock_key', '=', key)
    .where('holder', '=', holder)
    .execute();
}
