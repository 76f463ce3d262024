import type { NotificationType } from '@shipdeck/shared/notifications';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NotificationRow, NotificationsTable } from './notifications.table.js';

/** Inserts the item unless the user already has one with its dedupe key; answers it when new. */
export async function insertNotificationOnce(
  db: Db,
  row: Insertable<NotificationsTable>,
): Promise<NotificationRow | undefined> {
  return db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function listNotifications(
  db: Db,
  userId: string,
  options: { limit: number; offset: number; type?: NotificationType },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  let base = db
    .selectFrom('notifications')
    .where('user_id', '=', userId)
    .where('cleared_at', 'is', null);
  if (options.type) base = base.where('type', '=', options.type);
  const [rows, counts, unread] = await Promise.all([
    base
      .selectAll()
      // id breaks ties between items created in the same millisecond, so pages never overlap.
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
    countUnread(db, userId),
  ]);
  return { rows, total: Number(counts.count), unread };
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .where('user_id', '=', userId)
    .where('cleared_at', 'is', null)
    .where('read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Answers false when the item is not this user's (or does not exist). */
export async function markNotificationRead(
  db: Db,
  userId: string,
  id: string,
  at: string,
): Promise<boolean> {
  const found = await db
    .selectFrom('notifications')
    .select('read_at')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('cleared_at', 'is', null)
    .executeTakeFirst();
  if (!found) return false;
  if (found.read_at === null) {
    await db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }
  return true;
}

export async function markAllNotificationsRead(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/**
 * Clearing hides the items but keeps their dedupe keys, so a sync that sees the same change
 * again does not bring a cleared item back.
 */
export async function clearNotifications(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ cleared_at: at })
    .where('user_id', '=', userId)
    .where('cleared_at', 'is', null)
    .execute();
}
