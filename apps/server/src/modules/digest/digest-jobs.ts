import type { FastifyInstance } from 'fastify';
import { findUserById } from '../auth/users.repository.js';
import { mailMessageExists } from '../mail/mail-messages.repository.js';
import { wantsEmail } from '../notifications/notification-mail.js';
import { buildDigest } from './digest-content.js';
import { localDayAndHour } from './local-day.js';

/** Every quarter hour (zones at :30 and :45 offsets included), once across instances. */
export const DIGEST_DUE_QUEUE = 'mail-digest-due';
export const DIGEST_DUE_CRON = '*/15 * * * *';
export const DIGEST_SEND_QUEUE = 'mail-digest-send';

interface DigestJob {
  userId: string;
  day: string;
}

/**
 * The person's digest of one local day: its mail_messages key is the unique (person, day) record,
 * so it goes out once however many instances, ticks or retries get here.
 */
export function digestMailKey(userId: string, day: string): string {
  return `digest:${userId}:${day}`;
}

function safeLocal(at: Date, timeZone: string) {
  try {
    return localDayAndHour(at, timeZone);
  } catch {
    // A zone this runtime no longer knows: UTC rather than no digest.
    return localDayAndHour(at, 'UTC');
  }
}

/** Queues a digest job for everyone whose chosen hour it is in their zone, and whose day's is not out. */
export async function queueDueDigests(app: FastifyInstance, now: Date): Promise<number> {
  if (!app.mail.enabled) return 0;
  const users = await app.db
    .selectFrom('users')
    .select(['id', 'pref_time_zone', 'pref_digest_hour'])
    .where('pref_email_notifications', '=', 1)
    .where('pref_email_digest', '=', 1)
    .where('disabled_at', 'is', null)
    .execute();
  let queued = 0;
  for (const user of users) {
    const { day, hour } = safeLocal(now, user.pref_time_zone);
    if (hour !== user.pref_digest_hour) continue;
    if (await mailMessageExists(app.db, digestMailKey(user.id, day))) continue;
    const id = await app.jobs.send<DigestJob>(
      DIGEST_SEND_QUEUE,
      { userId: user.id, day },
      { singletonKey: digestMailKey(user.id, day) },
    );
    if (id) queued += 1;
  }
  return queued;
}

/** Builds and queues one person's digest of `day`; nothing when there is nothing to say. */
export async function sendDigest(app: FastifyInstance, job: DigestJob): Promise<boolean> {
  const user = await findUserById(app.db, job.userId);
  if (!user || !wantsEmail(user, 'digest')) return false;
  const key = digestMailKey(user.id, job.day);
  if (await mailMessageExists(app.db, key)) return false;
  const payload = await buildDigest(app.db, app.config.publicUrl, user, job.day);
  if (!payload) return false;
  return app.mail.queue({ key, userId: user.id, to: user.email, payload });
}

export async function registerDigestJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work(DIGEST_DUE_QUEUE, async () => {
    await queueDueDigests(app, new Date());
  });
  await app.jobs.work<DigestJob>(DIGEST_SEND_QUEUE, async (job) => {
    await sendDigest(app, job.data);
  });
  await app.jobs.schedule(DIGEST_DUE_QUEUE, DIGEST_DUE_CRON);
}
