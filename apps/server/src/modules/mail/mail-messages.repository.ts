import type { Db } from '../../db/database.js';
import type { InsertableMailMessageRow, MailMessageRow } from './mail-messages.table.js';

/** Records a message unless one with its key exists; true when this call recorded it. */
export async function insertMailMessage(db: Db, row: InsertableMailMessageRow): Promise<boolean> {
  const inserted = await db
    .insertInto('mail_messages')
    .values(row)
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findMailMessage(db: Db, id: string): Promise<MailMessageRow | undefined> {
  return db.selectFrom('mail_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function recordMailAttempt(
  db: Db,
  id: string,
  update: { status: MailMessageRow['status']; attempts: number; error: string | null; now: string },
): Promise<void> {
  const finished = update.status !== 'queued';
  await db
    .updateTable('mail_messages')
    .set({
      status: update.status,
      attempts: update.attempts,
      last_error: update.error,
      updated_at: update.now,
      ...(update.status === 'sent' ? { sent_at: update.now } : {}),
      // A sent or abandoned message's link is no longer kept anywhere.
      ...(finished ? { payload: '' } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Whether a message under this key was ever recorded (sent, queued or given up). */
export async function mailMessageExists(db: Db, dedupeKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('mail_messages')
    .select('id')
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst();
  return row !== undefined;
}
