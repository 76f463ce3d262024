import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { SyncReason } from './sync-github-account.js';
import { syncGithubAccount } from './sync-github-account.js';
import { ACCOUNT_RESOURCE } from './sync-constants.js';

export const GITHUB_SYNC_QUEUE = 'github-sync';
/** A user waiting on a first sync goes before periodic refreshes. */
export const INITIAL_SYNC_PRIORITY = 10;

function jobsOf(app: FastifyInstance): JobQueue | undefined {
  return app.hasDecorator('jobs') ? (app as FastifyInstance & { jobs: JobQueue }).jobs : undefined;
}

// Until the durable job engine is decorated on the app, syncs run in process, one per user.
// Keyed by the database, which every encapsulated child of the app shares.
const inFlight = new WeakMap<object, Map<string, Promise<void>>>();

/** Queues a sync of the user's GitHub data, de-duplicated per user. */
export async function requestGithubSync(
  app: FastifyInstance,
  userId: string,
  reason: SyncReason,
): Promise<void> {
  const jobs = jobsOf(app);
  if (jobs) {
    await jobs.send(
      GITHUB_SYNC_QUEUE,
      { userId, reason },
      {
        singletonKey: `github:${userId}`,
        priority: reason === 'initial' ? INITIAL_SYNC_PRIORITY : 0,
        retryLimit: 5,
      },
    );
    return;
  }
  const running = inFlight.get(app.db) ?? new Map<string, Promise<void>>();
  inFlight.set(app.db, running);
  if (running.has(userId)) return;
  const work = syncGithubAccount(app, { userId, reason })
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => running.delete(userId));
  running.set(userId, work);
}

/** Waits for the in-process syncs started so far (tests and the demo's first sync). */
export async function settleGithubSyncs(app: FastifyInstance): Promise<void> {
  const jobs = jobsOf(app);
  if (jobs) return jobs.drain();
  await Promise.all([...(inFlight.get(app.db)?.values() ?? [])]);
}

export const GITHUB_REFRESH_DUE_QUEUE = 'github-refresh-due';

/** Queues a refresh for every connected user whose data is due. */
export async function refreshDueAccounts(app: FastifyInstance, now = new Date()): Promise<number> {
  const due = await app.db
    .selectFrom('sync_state')
    .select('user_id')
    .where('provider', '=', 'github')
    .where('resource', '=', ACCOUNT_RESOURCE)
    .where('next_due_at', '<=', now.toISOString())
    .execute();
  for (const row of due) await requestGithubSync(app, row.user_id, 'refresh');
  return due.length;
}

/** Declares the sync queues on the job engine: one cron fans out per-user refreshes. */
export async function registerGithubSyncJobs(app: FastifyInstance): Promise<void> {
  const jobs = jobsOf(app);
  if (!jobs) return;
  await jobs.work<{ userId: string; reason: SyncReason }>(GITHUB_SYNC_QUEUE, async (job) => {
    await syncGithubAccount(app, job.data);
  });
  await jobs.work(GITHUB_REFRESH_DUE_QUEUE, async () => {
    await refreshDueAccounts(app);
  });
  await jobs.schedule(GITHUB_REFRESH_DUE_QUEUE, '* * * * *');
}
