import type { Db } from '../../db/database.js';
import type { EventRow } from './events.table.js';

export async function insertEvent(
  db: Db,
  row: { user_id: string; type: string; payload: string; created_at: string },
): Promise<number> {
  const inserted = await db
    .insertInto('events')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function listEventsAfter(
  db: Db,
  userId: string,
  afterId: number,
  limit = 500,
): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

export async function latestEventId(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('events')
    .where('user_id', '=', userId)
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id == null ? 0 : Number(row.id);
}

/** Events are for catching up after a dropped connection, not an archive. */
export async function deleteEventsBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('events').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
