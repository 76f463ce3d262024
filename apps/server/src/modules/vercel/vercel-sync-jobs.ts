import type { FastifyInstance } from 'fastify';
import { findSyncState } from '../connections/sync-state.repository.js';
import { listBackgroundSyncedVercelUsers } from '../vercel-store/vercel-connections.repository.js';
import {
  PROJECTS_RESOURCE,
  syncVercelAccount,
  syncVercelProjectAfterWebhook,
} from './vercel-sync.js';

export const VERCEL_SYNC_QUEUE = 'vercel-sync';
export const VERCEL_REFRESH_DUE_QUEUE = 'vercel-refresh-due';
export const VERCEL_PROJECT_SYNC_QUEUE = 'vercel-sync-project';
/** A connect's first sync runs before routine refreshes. */
const INITIAL_SYNC_PRIORITY = 10;

interface VercelSyncJob {
  userId: string;
}

interface VercelProjectSyncJob {
  userId: string;
  projectId: string;
}

/**
 * The key of a user's account sync; a project's sync extends it (`vercel:<user>:<project>`), so
 * account deletion reaches both through it.
 */
export function vercelSyncKey(userId: string): string {
  return `vercel:${userId}`;
}

/** Queues a sync of the user's Vercel account, at most one waiting per user. */
export async function requestVercelSync(
  app: FastifyInstance,
  userId: string,
  reason: 'initial' | 'refresh',
): Promise<void> {
  await app.jobs.send<VercelSyncJob>(
    VERCEL_SYNC_QUEUE,
    { userId },
    {
      singletonKey: vercelSyncKey(userId),
      priority: reason === 'initial' ? INITIAL_SYNC_PRIORITY : 0,
      retryLimit: 5,
    },
  );
}

/**
 * Queues a read of one project's deployments for a user whose synced projects include it (a
 * webhook named it); at most one waits per user and project, so a burst of events costs one.
 */
export async function requestVercelProjectSync(
  app: FastifyInstance,
  userId: string,
  projectId: string,
): Promise<void> {
  await app.jobs.send<VercelProjectSyncJob>(
    VERCEL_PROJECT_SYNC_QUEUE,
    { userId, projectId },
    { singletonKey: `${vercelSyncKey(userId)}:${projectId}`, retryLimit: 3 },
  );
}

/** Queues a refresh for every connected user whose Vercel data is due and who keeps "Vercel sync" on. */
export async function refreshDueVercelAccounts(
  app: FastifyInstance,
  now = new Date(),
): Promise<number> {
  let queued = 0;
  for (const userId of await listBackgroundSyncedVercelUsers(app.db)) {
    const state = await findSyncState(app.db, {
      userId,
      provider: 'vercel',
      resource: PROJECTS_RESOURCE,
    });
    if (state?.next_due_at && state.next_due_at > now.toISOString()) continue;
    await requestVercelSync(app, userId, 'refresh');
    queued += 1;
  }
  return queued;
}

/** The Vercel queues on the job engine: a per-user sync, and one cron that fans out what is due. */
export async function registerVercelSyncJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work<VercelSyncJob>(VERCEL_SYNC_QUEUE, async (job) => {
    await syncVercelAccount(app, job.data.userId);
  });
  await app.jobs.work<VercelProjectSyncJob>(VERCEL_PROJECT_SYNC_QUEUE, async (job) => {
    await syncVercelProjectAfterWebhook(app, job.data.userId, job.data.projectId);
  });
  await app.jobs.work(VERCEL_REFRESH_DUE_QUEUE, async () => {
    await refreshDueVercelAccounts(app);
  });
  await app.jobs.schedule(VERCEL_REFRESH_DUE_QUEUE, '* * * * *');
}
