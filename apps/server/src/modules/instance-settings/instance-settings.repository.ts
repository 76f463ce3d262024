import type { ServerVercelAccess } from '@shipdeck/shared/admin';
import { serverVercelAccessSchema } from '@shipdeck/shared/admin';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../lib/clock.js';

const SERVER_VERCEL_ACCESS = 'server_vercel_access';
const FIRST_OWNER = 'first_owner';

/**
 * What members may do with the server's Vercel account. Unset, it follows the mode the instance
 * runs in (`act` in demo mode, `off` otherwise), so a database first tried in demo mode grants
 * nothing once the instance runs for real.
 */
export async function readServerVercelAccess(
  db: Db,
  demoMode: boolean,
): Promise<ServerVercelAccess> {
  const row = await db
    .selectFrom('instance_settings')
    .select('value')
    .where('key', '=', SERVER_VERCEL_ACCESS)
    .executeTakeFirst();
  const stored = serverVercelAccessSchema.safeParse(row?.value);
  if (stored.success) return stored.data;
  return demoMode ? 'act' : 'off';
}

export async function writeServerVercelAccess(db: Db, value: ServerVercelAccess): Promise<void> {
  const updated_at = nowIso();
  await db
    .insertInto('instance_settings')
    .values({ key: SERVER_VERCEL_ACCESS, value, updated_at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at }))
    .execute();
}

/**
 * Takes the instance's one-time "first account" claim for this user: true for exactly one
 * account ever, whichever instance or sign-up path gets there first (the primary key decides).
 */
export async function claimFirstOwner(db: Db): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .insertInto('instance_settings')
    // Names no account: the claim outlives the first one.
    .values({ key: FIRST_OWNER, value: now, updated_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Whether an account has ever been created here (the first-owner claim has been taken). */
export async function instanceHasOwner(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('instance_settings')
    .select('key')
    .where('key', '=', FIRST_OWNER)
    .executeTakeFirst();
  return row !== undefined;
}

/** The instance has no accounts again: the next one to sign up becomes its owner. */
export async function releaseFirstOwner(db: Db): Promise<void> {
  await db.deleteFrom('instance_settings').where('key', '=', FIRST_OWNER).execute();
}
