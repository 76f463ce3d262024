import type { FastifyInstance } from 'fastify';
import {
  deleteGithubInbox,
  findGithubTokenRow,
  findPollState,
  savePollState,
} from './github-inbox.repository.js';
import { OFFLINE_POLL_INTERVAL_MS, pollGithubInbox } from './poll-github-inbox.js';

export const GITHUB_INBOX_QUEUE = 'github-inbox-poll';
export const GITHUB_INBOX_DUE_QUEUE = 'github-inbox-due';
/** How long an open event stream counts the user as present; the presence beat renews it. */
export const LIVE_WINDOW_MS = 2 * 60_000;
const PRESENCE_BEAT_MS = 60_000;

/** The key of a user's inbox polls: one queued per user, and how account deletion finds them. */
export function githubInboxKey(userId: string): string {
  return `github-inbox:${userId}`;
}

/**
 * Queues a poll of the user's GitHub notifications; at most one queued per user. The job itself
 * keeps GitHub's poll interval, so asking early costs nothing.
 */
export async function requestInboxPoll(app: FastifyInstance, userId: string): Promise<void> {
  await app.jobs.send(
    GITHUB_INBOX_QUEUE,
    { userId },
    { singletonKey: githubInboxKey(userId), retryLimit: 2 },
  );
}

/**
 * Whether a poll may go out now: GitHub's interval since the last has passed, or the token is
 * new (a second sign-in, a new connection), whose first poll is due at once whatever interval
 * the last token's polls kept.
 */
export async function inboxPollDue(app: FastifyInstance, userId: string, now = new Date()) {
  const poll = await findPollState(app.db, userId);
  if (!poll?.not_before || Date.parse(poll.not_before) <= now.getTime()) return true;
  const connection = await findGithubTokenRow(app.db, userId);
  return connection !== undefined && connection.updated_at !== poll.token_updated_at;
}

/**
 * The user has Shipdeck open (an event stream): recorded in the database so whichever instance
 * runs the due pass polls them at GitHub's interval rather than every 10 minutes. Users without
 * GitHub are left out; answers those recorded.
 */
export async function markInboxLive(
  app: FastifyInstance,
  userIds: readonly string[],
  now = new Date(),
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const until = new Date(now.getTime() + LIVE_WINDOW_MS).toISOString();
  const connected = await app.db
    .selectFrom('provider_tokens')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('provider', '=', 'github')
    .execute();
  for (const { user_id: userId } of connected) {
    await savePollState(app.db, userId, { live_until: until });
  }
  return connected.map((row) => row.user_id);
}

/**
 * The cron's pass: forgets the inbox of users no longer connected to GitHub, and queues a poll
 * for every connected user whose poll is due: at GitHub's interval while they have Shipdeck open,
 * every 10 minutes otherwise (for those who keep the "GitHub sync" preference on). Answers the
 * users whose poll it queued.
 */
export async function queueDueInboxPolls(
  app: FastifyInstance,
  now = new Date(),
): Promise<string[]> {
  const orphans = await app.db
    .selectFrom('github_inbox_polls')
    .leftJoin('provider_tokens', (join) =>
      join
        .onRef('provider_tokens.user_id', '=', 'github_inbox_polls.user_id')
        .on('provider_tokens.provider', '=', 'github'),
    )
    .select('github_inbox_polls.user_id')
    .where('provider_tokens.user_id', 'is', null)
    .execute();
  for (const row of orphans) await deleteGithubInbox(app.db, row.user_id);

  const at = now.toISOString();
  const offlineBefore = new Date(now.getTime() - OFFLINE_POLL_INTERVAL_MS).toISOString();
  const due = await app.db
    .selectFrom('github_inbox_polls')
    .innerJoin('users', 'users.id', 'github_inbox_polls.user_id')
    .select('github_inbox_polls.user_id')
    .where((eb) =>
      eb.and([
        eb.or([
          eb('github_inbox_polls.not_before', 'is', null),
          eb('github_inbox_polls.not_before', '<=', at),
        ]),
        eb.or([
          eb('github_inbox_polls.live_until', '>', at),
          eb.and([
            eb('users.pref_github_sync', '=', 1),
            eb.or([
              eb('github_inbox_polls.last_poll_at', 'is', null),
              eb('github_inbox_polls.last_poll_at', '<=', offlineBefore),
            ]),
          ]),
        ]),
      ]),
    )
    .execute();
  for (const row of due) await requestInboxPoll(app, row.user_id);
  return due.map((row) => row.user_id);
}

/**
 * Declares the inbox's queues (the per-user poll, a cron for the due pass) and, on this instance,
 * the presence of users with an event stream open: a stream that opens asks for a poll (if due)
 * at once, and a beat renews the presence of the streams still open.
 */
export async function registerGithubInboxJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work<{ userId: string }>(GITHUB_INBOX_QUEUE, async ({ data: { userId } }) => {
    await pollGithubInbox(app, userId);
  });
  await app.jobs.work(GITHUB_INBOX_DUE_QUEUE, async () => {
    await queueDueInboxPolls(app);
  });
  await app.jobs.schedule(GITHUB_INBOX_DUE_QUEUE, '* * * * *');

  const opened = async (userId: string) => {
    const [connected] = await markInboxLive(app, [userId]);
    if (connected && (await inboxPollDue(app, userId))) await requestInboxPoll(app, userId);
  };
  const unsubscribe = app.liveEvents.subscribeStreamOpened((userId) => {
    opened(userId).catch((error: unknown) =>
      app.log.warn({ err: error, userId }, 'could not note the inbox presence'),
    );
  });
  const beat = setInterval(() => {
    markInboxLive(app, app.liveEvents.liveUserIds()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not renew the inbox presence'),
    );
  }, PRESENCE_BEAT_MS);
  beat.unref();
  app.addHook('onClose', async () => {
    clearInterval(beat);
    unsubscribe();
  });
}
