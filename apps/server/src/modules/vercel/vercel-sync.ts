import { vercelLimits } from '@shipdeck/shared/vercel-constants';
import type { FastifyInstance } from 'fastify';
import { RetryLaterError } from '../../jobs/job-queue.js';
import { nowIso } from '../../lib/clock.js';
import { updateSyncState } from '../connections/sync-state.repository.js';
import type { VercelClient } from '../vercel-client/vercel-client.js';
import { VercelApiError } from '../vercel-client/vercel-client.js';
import { markVercelConnection } from '../vercel-store/vercel-connections.repository.js';
import { vercelClientFor } from './vercel-credentials.js';
import { toDeploymentRow, toProjectRow } from '../vercel-store/vercel-mappers.js';
import { deploymentStatesBefore, notifyDeploymentChanges } from './vercel-sync-notifications.js';
import {
  deploymentCursors,
  replaceProjects,
  upsertDeployments,
} from '../vercel-store/vercel-store.repository.js';
import { announceEvent } from '../notifications/notify.js';

export const PROJECTS_RESOURCE = 'projects';
export const deploymentsResource = (projectId: string) => `deployments:${projectId}`;

/** How long a successful sync is good for before the refresh cron queues it again. */
export const VERCEL_REFRESH_SECONDS = 10 * 60;

export type SyncOutcome = 'synced' | 'not-connected' | 'reconnect';

const key = (userId: string, resource: string) => ({
  userId,
  provider: 'vercel' as const,
  resource,
});

function dueAt(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toISOString();
}

/**
 * Records a failure and decides what happens next: a refused token marks the connection for
 * Reconnect (no retry helps); a rate limit waits; anything else is thrown for the job's retries.
 * The synced rows are left as they were, so pages keep serving the last good data.
 */
async function recordFailure(
  app: FastifyInstance,
  userId: string,
  resource: string,
  error: unknown,
): Promise<SyncOutcome> {
  const message = error instanceof Error ? error.message : 'Vercel sync failed';
  await updateSyncState(app.db, key(userId, resource), {
    last_error: message,
    last_attempt_at: nowIso(),
    phase: null,
  });
  if (error instanceof VercelApiError && error.kind === 'invalid-token') {
    await markVercelConnection(app.db, userId, 'reconnect');
    return 'reconnect';
  }
  if (error instanceof VercelApiError && error.kind === 'rate-limited') {
    throw new RetryLaterError(error.retryAfterSeconds ?? 60, message);
  }
  throw error;
}

/** Syncs the project list; answers the project ids, busiest (most recently updated) first. */
export async function syncVercelProjects(
  app: FastifyInstance,
  userId: string,
  client: VercelClient,
): Promise<string[]> {
  const syncedAt = nowIso();
  const projects = await client.projects();
  const rows = projects.map((project) => toProjectRow(userId, project, syncedAt));
  await replaceProjects(app.db, userId, rows);
  await updateSyncState(app.db, key(userId, PROJECTS_RESOURCE), {
    last_success_at: syncedAt,
    last_attempt_at: syncedAt,
    last_error: null,
    next_due_at: dueAt(VERCEL_REFRESH_SECONDS),
  });
  return rows
    .slice()
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .map((row) => row.id);
}

/**
 * Syncs one project's deployments. The first time, the newest ones up to a cap; after that only
 * what was created since the newest stored one, reaching back to the oldest still-building one so
 * its new state is picked up. Answers whether a deployment was added or changed state.
 */
export async function syncVercelDeployments(
  app: FastifyInstance,
  userId: string,
  projectId: string,
  client: VercelClient,
): Promise<boolean> {
  const syncedAt = nowIso();
  const cursors = await deploymentCursors(app.db, userId, projectId);
  const sinceIso =
    cursors.oldestUnfinished && cursors.newest && cursors.oldestUnfinished < cursors.newest
      ? cursors.oldestUnfinished
      : cursors.newest;
  const since = sinceIso ? Date.parse(sinceIso) - 1 : undefined;
  const deployments = await client.deployments(projectId, {
    since,
    max: vercelLimits.initialDeploymentsPerProject,
  });
  const rows = deployments.map((deployment) => toDeploymentRow(userId, deployment, syncedAt));
  const before = await deploymentStatesBefore(
    app.db,
    userId,
    rows.map((row) => row.id),
  );
  await upsertDeployments(app.db, rows);
  const changed = await notifyDeploymentChanges(app, userId, rows, before, cursors.newest !== null);
  const newest = deployments.reduce(
    (max, d) => Math.max(max, d.createdAt ?? d.created),
    cursors.newest ? Date.parse(cursors.newest) : 0,
  );
  await updateSyncState(app.db, key(userId, deploymentsResource(projectId)), {
    cursor: newest > 0 ? String(newest) : null,
    last_success_at: syncedAt,
    last_attempt_at: syncedAt,
    last_error: null,
    next_due_at: dueAt(VERCEL_REFRESH_SECONDS),
  });
  return changed;
}

/** The whole account: projects, then each project's deployments, busiest first. */
export async function syncVercelAccount(
  app: FastifyInstance,
  userId: string,
): Promise<SyncOutcome> {
  const client = await vercelClientFor(app, userId);
  if (!client) return 'not-connected';
  let projectIds: string[];
  try {
    projectIds = await syncVercelProjects(app, userId, client);
  } catch (error) {
    return recordFailure(app, userId, PROJECTS_RESOURCE, error);
  }
  let done = 0;
  let changed = false;
  for (const projectId of projectIds) {
    await updateSyncState(app.db, key(userId, PROJECTS_RESOURCE), {
      phase: 'deployments',
      progress_done: done,
      progress_total: projectIds.length,
    });
    try {
      if (await syncVercelDeployments(app, userId, projectId, client)) changed = true;
    } catch (error) {
      const outcome = await recordFailure(app, userId, deploymentsResource(projectId), error);
      if (outcome === 'reconnect') return outcome;
    }
    done += 1;
  }
  await updateSyncState(app.db, key(userId, PROJECTS_RESOURCE), {
    phase: null,
    progress_done: done,
    progress_total: projectIds.length,
  });
  // Open deployment pages refetch what the sync brought in.
  if (changed) {
    await announceEvent(app, userId, {
      type: 'data.changed',
      resources: ['deployments', 'projects'],
    });
  }
  return 'synced';
}

/**
 * One project's deployments, read again because a Vercel webhook named the project: the pages
 * then show the build's new state (and pull requests their preview and stage) within seconds,
 * not at the next refresh. Open pages are told to refetch when something changed.
 */
export async function syncVercelProjectAfterWebhook(
  app: FastifyInstance,
  userId: string,
  projectId: string,
): Promise<void> {
  const client = await vercelClientFor(app, userId);
  if (!client) return;
  let changed: boolean;
  try {
    changed = await syncVercelDeployments(app, userId, projectId, client);
  } catch (error) {
    await recordFailure(app, userId, deploymentsResource(projectId), error);
    return;
  }
  if (changed) {
    await announceEvent(app, userId, {
      type: 'data.changed',
      resources: ['deployments', 'projects'],
    });
  }
}
