import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { RetryLaterError } from '../../jobs/job-queue.js';
import { notify } from '../notifications/notify.js';
import { ACTION_FAILED_NOTIFICATION, ACTION_NOTIFICATION } from './vercel-action-notifications.js';
import { VercelApiError } from '../vercel-client/vercel-client.js';
import { storeProductionDeployment } from '../vercel-store/vercel-actions.repository.js';
import { vercelClientFor } from './vercel-credentials.js';
import { findDeploymentRow, findProjectRow } from '../vercel-store/vercel-read.repository.js';

export const VERCEL_ALIAS_OUTCOME_QUEUE = 'vercel-alias-outcome';

export interface AliasOutcomeJob {
  userId: string;
  projectId: string;
  toDeploymentId: string;
  type: 'promote' | 'rollback';
  /** Epoch ms when Shipdeck asked; Vercel's `lastAliasRequest.requestedAt` is at or after it. */
  requestedAt: number;
}

/** The CLI gives up on an alias request after 3 minutes (PROVIDERS.md §9.2); so does Shipdeck. */
const GIVE_UP_AFTER_MS = 3 * 60_000;
/** Polled inline a little (the CLI polls every 250 ms) before the job is deferred. */
const INLINE_POLL_MS = 250;
const INLINE_POLLS = 20;

/** Queues the read of a promote's or rollback's outcome; one per user, project and target. */
export async function requestAliasOutcome(
  app: FastifyInstance,
  job: AliasOutcomeJob,
): Promise<void> {
  await app.jobs.send<AliasOutcomeJob>(VERCEL_ALIAS_OUTCOME_QUEUE, job, {
    singletonKey: `vercel:${job.userId}:alias:${job.projectId}:${job.toDeploymentId}`,
    retryLimit: 5,
  });
}

type Outcome = 'succeeded' | 'failed' | 'running';

/** Reads `lastAliasRequest` once: whether the request Shipdeck made has finished. */
async function readOutcome(app: FastifyInstance, job: AliasOutcomeJob): Promise<Outcome | null> {
  const client = await vercelClientFor(app, job.userId);
  if (!client) return null;
  const project = await client.projectAlias(job.projectId);
  const request = project.lastAliasRequest;
  if (request && request.toDeploymentId === job.toDeploymentId) {
    if (request.jobStatus === 'succeeded') return 'succeeded';
    if (request.jobStatus === 'failed' || request.jobStatus === 'skipped') return 'failed';
    return 'running';
  }
  // Replaced by a later request, or not reported: production itself says where it went.
  if (project.targets?.production?.id === job.toDeploymentId) return 'succeeded';
  return request && request.requestedAt >= job.requestedAt ? 'failed' : 'running';
}

/**
 * Waits for Vercel's alias job to finish, then stores which deployment serves production and
 * tells the user, so the project page shows the outcome (and whether production is pinned by a
 * rollback) without a reload.
 */
export async function settleAliasOutcome(
  app: FastifyInstance,
  job: AliasOutcomeJob,
): Promise<void> {
  let outcome: Outcome | null = 'running';
  try {
    for (let poll = 0; poll < INLINE_POLLS && outcome === 'running'; poll += 1) {
      if (poll > 0) await sleep(INLINE_POLL_MS);
      outcome = await readOutcome(app, job);
    }
  } catch (error) {
    if (error instanceof VercelApiError && error.kind === 'rate-limited')
      throw new RetryLaterError(error.retryAfterSeconds ?? 60, error.message);
    // A revoked token or a deleted project: there is nothing left to settle.
    if (error instanceof VercelApiError && ['invalid-token', 'not-found'].includes(error.kind))
      return;
    throw error;
  }
  if (outcome === null) return;
  if (outcome === 'running') {
    if (Date.now() - job.requestedAt < GIVE_UP_AFTER_MS)
      throw new RetryLaterError(5, 'Vercel is still moving the production alias');
    outcome = 'failed';
  }
  const [project, deployment] = await Promise.all([
    findProjectRow(app.db, job.userId, job.projectId),
    findDeploymentRow(app.db, job.userId, job.toDeploymentId),
  ]);
  if (!project) return;
  const sha = deployment?.commit_sha?.slice(0, 7) ?? job.toDeploymentId;
  if (outcome === 'succeeded') {
    await storeProductionDeployment(app.db, job.userId, job.projectId, job.toDeploymentId);
    await notify(app, job.userId, {
      type: ACTION_NOTIFICATION,
      title: `Production of ${project.name} now serves ${sha}`,
      message:
        job.type === 'rollback'
          ? `The rollback finished. New production deployments stay off production until one is promoted.`
          : `The promotion finished.`,
      severity: 'low',
      link: `/deployments/${job.toDeploymentId}`,
      dedupeKey: `alias-settled:${job.projectId}:${job.toDeploymentId}:${job.requestedAt}`,
    });
    return;
  }
  await notify(app, job.userId, {
    type: ACTION_FAILED_NOTIFICATION,
    title: `The ${job.type} of ${project.name} to ${sha} did not finish`,
    message: 'Vercel reported that the production alias was not moved. Production is unchanged.',
    severity: 'high',
    link: `/deployments/${job.toDeploymentId}`,
    dedupeKey: `alias-settled:${job.projectId}:${job.toDeploymentId}:${job.requestedAt}`,
  });
}

export async function registerVercelAliasOutcomeJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work<AliasOutcomeJob>(VERCEL_ALIAS_OUTCOME_QUEUE, async (job) => {
    await settleAliasOutcome(app, job.data);
  });
}
