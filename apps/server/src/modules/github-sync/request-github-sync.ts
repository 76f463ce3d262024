import type { FastifyInstance } from 'fastify';
import { ACCOUNT_RESOURCE } from './sync-constants.js';
import type { SyncReason } from './sync-github-account.js';
import { syncGithubAccount } from './sync-github-account.js';

export const GITHUB_SYNC_QUEUE = 'github-sync';
export const GITHUB_REFRESH_DUE_QUEUE = 'github-refresh-due';
/** A user waiting on a first sync goes before periodic refreshes. */
export const INITIAL_SYNC_PRIORITY = 10;

/** Queues a sync of the user's GitHub data; at most one queued per user. */
export async function requestGithubSync(
  app: FastifyInstance,
  userId: string,
  reason: SyncReason,
): Promise<void> {
  await app.jobs.send(
    GITHUB_SYNC_QUEUE,
    { userId, reason },
    {
      singletonKey: `github:${userId}`,
      priority: reason === 'initial' ? INITIAL_SYNC_PRIORITY : 0,
      retryLimit: 5,
    },
  );
}

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
  await app.jobs.work<{ userId: string; reason: SyncReason }>(GITHUB_SYNC_QUEUE, async (job) => {
    await syncGithubAccount(app, job.data);
  });
  await app.jobs.work(GITHUB_REFRESH_DUE_QUEUE, async () => {
    await refreshDueAccounts(app);
  });
  await app.jobs.schedule(GITHUB_REFRESH_DUE_QUEUE, '* * * * *');
}
