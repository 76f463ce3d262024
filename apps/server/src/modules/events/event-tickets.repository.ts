import type { Db } from '../../db/database.js';

export async function insertEventTicket(
  db: Db,
  row: { ticket_hash: string; user_id: string; expires_at: string },
): Promise<void> {
  await db
    .deleteFrom('event_tickets')
    .where('expires_at', '<=', new Date().toISOString())
    .execute();
  await db.insertInto('event_tickets').values(row).execute();
}

/** Single use: the row is deleted as it is read, so a replayed ticket finds nothing. */
export async function takeEventTicket(
  db: Db,
  ticketHash: string,
  now: string,
): Promise<string | null> {
  const row = await db
    .deleteFrom('event_tickets')
    .where('ticket_hash', '=', ticketHash)
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at <= now) return null;
  return row.user_id;
}
