import type { FastifyInstance } from 'fastify';
import { GITHUB_INBOX_QUEUE, githubInboxKey } from '../github-inbox/inbox-jobs.js';
import {
  GITHUB_SYNC_QUEUE,
  GITHUB_TEAMS_QUEUE,
  githubSyncKey,
} from '../github-sync/request-github-sync.js';
import { VERCEL_ALIAS_OUTCOME_QUEUE } from '../vercel/vercel-alias-outcome.js';
import {
  VERCEL_PROJECT_SYNC_QUEUE,
  VERCEL_SYNC_QUEUE,
  vercelSyncKey,
} from '../vercel/vercel-sync-jobs.js';

/**
 * A deleted account's background work (its syncs) must neither run nor stay stored with its id in
 * the job's data, so its jobs are removed through the queue, finished ones too. They are found by
 * their keys, which the queueing modules build from the user's id.
 */
export async function forgetUserJobs(app: FastifyInstance, userId: string): Promise<void> {
  const userJobs = [
    { queue: GITHUB_SYNC_QUEUE, key: githubSyncKey(userId) },
    { queue: GITHUB_TEAMS_QUEUE, key: githubSyncKey(userId) },
    { queue: GITHUB_INBOX_QUEUE, key: githubInboxKey(userId) },
    { queue: VERCEL_SYNC_QUEUE, key: vercelSyncKey(userId) },
    // A project's key extends the user's, so these reach the jobs of every project.
    { queue: VERCEL_PROJECT_SYNC_QUEUE, key: vercelSyncKey(userId) },
    { queue: VERCEL_ALIAS_OUTCOME_QUEUE, key: vercelSyncKey(userId) },
  ];
  for (const { queue, key } of userJobs) {
    await app.jobs.cancelByKey(queue, key, { forget: true });
  }
}
