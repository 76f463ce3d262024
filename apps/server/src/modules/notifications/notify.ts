import { randomUUID } from 'node:crypto';
import type { NotificationSeverity, NotificationType } from '@shipdeck/shared/notifications';
import type { LiveEvent } from '@shipdeck/shared/events';
import type { FastifyInstance } from 'fastify';
import { findUserById } from '../auth/users.repository.js';
import { insertEvent } from '../events/events.repository.js';
import { insertNotificationOnce } from './notifications.repository.js';
import { toNotificationDto } from './to-notification-dto.js';

export interface NotificationInput {
  type: NotificationType;
  title: string;
  message: string;
  severity: NotificationSeverity;
  link: string | null;
  /**
   * Derived from the provider's ids (`pr-merged:<repoId>:<number>`, `deployment-error:<id>`), so
   * a webhook and a sync that observe the same change create one item between them.
   */
  dedupeKey: string;
  /** When the change happened; defaults to now. */
  at?: string;
}

/**
 * The one way an observed change becomes a notification: honours the user's `notifications`
 * preference, inserts at most once per dedupe key and pushes the new item to the browser.
 * Answers whether an item was created.
 */
export async function notify(
  app: FastifyInstance,
  userId: string,
  input: NotificationInput,
): Promise<boolean> {
  const user = await findUserById(app.db, userId);
  if (!user || user.pref_notifications !== 1) return false;
  // The notification and its live event are stored together: a process killed between the two
  // would otherwise keep the notification and lose its event, and a retry (deduped) never sends it.
  const stored = await app.db.transaction().execute(async (trx) => {
    const row = await insertNotificationOnce(trx, {
      id: randomUUID(),
      user_id: userId,
      type: input.type,
      title: input.title,
      message: input.message,
      severity: input.severity,
      link: input.link,
      dedupe_key: input.dedupeKey,
      created_at: input.at ?? new Date().toISOString(),
      read_at: null,
      cleared_at: null,
    });
    if (!row) return undefined;
    const event: LiveEvent = { type: 'notification.created', notification: toNotificationDto(row) };
    const eventId = await insertEvent(trx, {
      user_id: userId,
      type: event.type,
      payload: JSON.stringify(event),
      created_at: new Date().toISOString(),
    });
    return { eventId };
  });
  if (!stored) return false;
  await app.liveEvents.announce(userId, stored.eventId);
  return true;
}
