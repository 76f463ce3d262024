import type { Db } from '../../../db/database.js';
import type { EmailChangeRow } from './email-changes.table.js';

export async function insertEmailChange(db: Db, row: EmailChangeRow): Promise<void> {
  await db.insertInto('email_changes').values(row).execute();
}

/** Ends every change still waiting for this account (a newer one replaces it, or Cancel). */
export async function cancelPendingEmailChanges(
  db: Db,
  userId: string,
  nowIso: string,
): Promise<number> {
  const result = await db
    .updateTable('email_changes')
    .set({ cancelled_at: nowIso })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The change waiting for this account, if one is unexpired. */
export function findPendingEmailChange(
  db: Db,
  userId: string,
  nowIso: string,
): Promise<EmailChangeRow | undefined> {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export function findUsableEmailChange(
  db: Db,
  tokenHash: string,
  nowIso: string,
): Promise<EmailChangeRow | undefined> {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
}

/** Uses the link up; false when another request used or cancelled it first. */
export async function markEmailChangeConfirmed(
  db: Db,
  id: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('email_changes')
    .set({ confirmed_at: nowIso })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
