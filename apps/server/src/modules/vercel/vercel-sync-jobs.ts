import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue.js';
import { listConnectedVercelUsers } from './vercel-connections.repository.js';
import { syncVercelAccount } from './vercel-sync.js';
import { findSyncState } from '../sync/sync-state.repository.js';
import { PROJECTS_RESOURCE } from './vercel-sync.js';

export const VERCEL_SYNC_QUEUE = 'vercel-sync';
export const VERCEL_REFRESH_QUEUE = 'vercel-refresh';
/** A connect's first sync runs before routine refreshes. */
const CONNECT_PRIORITY = 10;

interface VercelSyncJob {
  userId: string;
}

/**
 * The Vercel queues on the job engine: one per-user sync (de-duplicated by user), and one cron
 * that fans out a sync for every connection that is due.
 */
export async function registerVercelSyncJobs(app: FastifyInstance, jobs: JobQueue): Promise<void> {
  await jobs.work<VercelSyncJob>(VERCEL_SYNC_QUEUE, async (job) => {
    await syncVercelAccount(app, job.data.userId);
  });
  await jobs.work(VERCEL_REFRESH_QUEUE, async () => {
    const now = new Date().toISOString();
    for (const userId of await listConnectedVercelUsers(app.db)) {
      const state = await findSyncState(app.db, {
        userId,
        provider: 'vercel',
        resource: PROJECTS_RESOURCE,
      });
      if (state?.next_due_at && state.next_due_at > now) continue;
      await jobs.send<VercelSyncJob>(VERCEL_SYNC_QUEUE, { userId }, { singletonKey: userId });
    }
  });
  await jobs.schedule(VERCEL_REFRESH_QUEUE, '*/5 * * * *');
}

export function queueVercelSync(jobs: JobQueue, userId: string): Promise<string | null> {
  return jobs.send<VercelSyncJob>(
    VERCEL_SYNC_QUEUE,
    { userId },
    { singletonKey: userId, priority: CONNECT_PRIORITY },
  );
}

/**
 * The first sync after a connect. Until the job engine is on `app` (branch issue-8-jobs), it runs
 * in the request so the pages have data when the dialog closes; a failure is recorded in
 * sync_state by the sync itself and must not undo the connect.
 */
export async function startInitialVercelSync(app: FastifyInstance, userId: string): Promise<void> {
  try {
    await syncVercelAccount(app, userId);
  } catch (error) {
    app.log.warn({ err: error }, 'first Vercel sync failed; the refresh will retry it');
  }
}
