import type { Db } from '../../db/database.js';
import type { PasswordResetRow } from './password-resets.table.js';

export async function insertPasswordReset(db: Db, row: PasswordResetRow): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/** The reset a token names, if it is unused and unexpired. */
export function findUsablePasswordReset(
  db: Db,
  tokenHash: string,
  nowIso: string,
): Promise<PasswordResetRow | undefined> {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
}

/** Uses the reset up; false when another request used it first (the link is single-use). */
export async function markPasswordResetUsed(db: Db, id: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: nowIso })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
