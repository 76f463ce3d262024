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

/** Done on one of Shipdeck's own items: hidden like Clear All hides them; false when not this user's. */
export async function hideNotification(
  db: Db,
  userId: string,
  id: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ cleared_at: at })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('cleared_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
