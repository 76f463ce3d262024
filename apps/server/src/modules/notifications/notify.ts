import { randomUUID } from 'node:crypto';
import type {
  Notification,
  NotificationSeverity,
  NotificationType,
} from '@shipdeck/shared/notifications';
import type { LiveEvent } from '@shipdeck/shared/events';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { findUserById } from '../auth/users.repository.js';
import { insertEvent } from '../events/events.repository.js';
import { insertNotificationOnce } from './notifications.repository.js';
import { toNotificationDto } from './to-notification-dto.js';
import { mailNotification } from './notification-mail.js';

export interface NotificationInput {
  type: NotificationType;
  title: string;
  message: string;
  severity: NotificationSeverity;
  link: string | null;
  /** `owner/name` when the change concerns one repository (the inbox filters by it). */
  repository?: string | null;
  /**
   * Derived from the provider's ids (`pr-merged:<repoId>:<number>`, `deployment-error:<id>`), so
   * a webhook and a sync that observe the same change create one item between them.
   */
  dedupeKey: string;
  /** When the change happened; defaults to now. */
  at?: string;
  /** What the change is about, for the email it may also make (notification-mail.ts). */
  about?: NotificationSubject;
}

/** The thing a notification is about, in ids the synced store can look up. */
export type NotificationSubject =
  | { kind: 'deployment'; deploymentId: string }
  | {
      kind: 'pull-request';
      repositoryId: number;
      repository: string;
      number: number;
      title: string | null;
      /** A review's author and verdict, a failing check's head commit. */
      reviewer?: string | null;
      approved?: boolean;
      headSha?: string;
    };

/** Stores the user's live events in `trx` (with the change they report) and answers their ids. */
async function storeEvents(
  trx: Db,
  userId: string,
  events: readonly LiveEvent[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const event of events) {
    ids.push(
      await insertEvent(trx, {
        user_id: userId,
        type: event.type,
        payload: JSON.stringify(event),
        created_at: new Date().toISOString(),
      }),
    );
  }
  return ids;
}

/**
 * Runs `store` in a transaction, stores the live events it answers in the same one (a process
 * killed between the two would otherwise keep a change and lose its event, and a deduplicated
 * retry would never send it), and announces them to every instance once committed.
 */
async function commitAndAnnounce<T>(
  app: FastifyInstance,
  userId: string,
  store: (trx: Db) => Promise<{ result: T; events: readonly LiveEvent[] }>,
): Promise<{ result: T; eventIds: number[] }> {
  const committed = await app.db.transaction().execute(async (trx) => {
    const stored = await store(trx);
    return { result: stored.result, eventIds: await storeEvents(trx, userId, stored.events) };
  });
  for (const eventId of committed.eventIds) await app.liveEvents.announce(userId, eventId);
  return committed;
}

/**
 * The sink's way to put items in a user's inbox and tell their open pages: `store` writes the
 * items (Shipdeck's own, or GitHub threads) in a transaction and answers those to announce, each
 * as a `notification.created` event. Answers what `store` answered.
 */
export async function storeAndAnnounce<T>(
  app: FastifyInstance,
  userId: string,
  store: (trx: Db) => Promise<{ result: T; announce: readonly Notification[] }>,
): Promise<T> {
  const committed = await commitAndAnnounce(app, userId, async (trx) => {
    const { result, announce } = await store(trx);
    const events = announce.map((notification): LiveEvent => ({
      type: 'notification.created',
      notification,
    }));
    return { result, events };
  });
  return committed.result;
}

/**
 * Tells the user's open pages of a change that makes no inbox item (synced data to refetch, a
 * sync's progress): the change itself was stored by whoever found it. Answers the event's id.
 */
export async function announceEvent(
  app: FastifyInstance,
  userId: string,
  event: Exclude<LiveEvent, { type: 'notification.created' }>,
): Promise<number> {
  const { eventIds } = await commitAndAnnounce(app, userId, async () => ({
    result: null,
    events: [event],
  }));
  return eventIds[0] ?? 0;
}

/**
 * The one way an observed change becomes a notification: honours the user's `notifications`
 * preference, inserts at most once per dedupe key and pushes the new item to the browser.
 * The email it may make is decided here too, by the email switches alone (a person may want
 * mail and no bell, or the reverse), keyed by the same dedupe key: one change, one email.
 * Answers whether an item was created.
 */
export async function notify(
  app: FastifyInstance,
  userId: string,
  input: NotificationInput,
): Promise<boolean> {
  const user = await findUserById(app.db, userId);
  if (!user) return false;
  await mailNotification(app, user, input);
  if (user.pref_notifications !== 1) return false;
  return storeAndAnnounce(app, userId, async (trx) => {
    const row = await insertNotificationOnce(trx, {
      id: randomUUID(),
      user_id: userId,
      type: input.type,
      title: input.title,
      message: input.message,
      severity: input.severity,
      link: input.link,
      repository: input.repository ?? null,
      dedupe_key: input.dedupeKey,
      created_at: input.at ?? new Date().toISOString(),
      read_at: null,
      cleared_at: null,
    });
    return row
      ? { result: true, announce: [toNotificationDto(row)] }
      : { result: false, announce: [] };
  });
}
