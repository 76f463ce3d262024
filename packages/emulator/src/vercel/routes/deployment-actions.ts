import { setTimeout as sleep } from 'node:timers/promises';
import type { ActivityContext } from '../../activity/activity-context.js';
import { announce, resumeDeployment } from '../../activity/deployment-lifecycle.js';
import { deploymentHash, stableToken } from '../../data/ids.js';
import type { Repo, VercelDeployment, VercelProject } from '../../data/model.js';
import {
  aliasState,
  moveProductionAlias,
  productionHolder,
  type LastAliasRequest,
} from '../../data/vercel-alias-state.js';
import type { World } from '../../data/world.js';
import { vercelDeploymentPayload } from '../../webhooks/vercel-payloads.js';
import { renderDeploymentDetail } from '../render/deployment.js';
import { badRequest, notFound, VercelError } from '../vercel-error.js';
import type { VercelRequest, VercelRoute } from '../vercel-request.js';
import { scopedDeployment } from './deployments.js';

const UNFINISHED = new Set(['QUEUED', 'INITIALIZING', 'BUILDING']);

function repoOf(world: World, project: VercelProject): Repo | null {
  return project.repoId === null ? null : (world.repos.get(project.repoId) ?? null);
}

function scopedProject(request: VercelRequest): VercelProject {
  const project = request.world.vercel.projectByIdOrName(
    request.accountId,
    request.params.projectId ?? '',
  );
  if (!project) throw notFound('Project');
  return project;
}

/** A deployment of `project` within the request's scope (404 like Vercel otherwise). */
function projectDeployment(request: VercelRequest, project: VercelProject): VercelDeployment {
  const deployment = request.world.vercel.deployment(request.params.deploymentId ?? '');
  if (!deployment || deployment.projectId !== project.id) throw notFound('Deployment');
  return deployment;
}

function bodyObject(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** Waits one lifecycle step; false when the emulator is closing. */
async function step(ctx: ActivityContext): Promise<boolean> {
  if (ctx.signal?.aborted) return false;
  try {
    await sleep(ctx.deploymentStepMs, undefined, ctx.signal ? { signal: ctx.signal } : {});
    return true;
  } catch {
    return false;
  }
}

/**
 * POST /v13/deployments with `deploymentId`: a new build of an existing deployment's source
 * (same git SHA), answered at once as QUEUED and then walked through the usual lifecycle.
 */
export const createDeployment: VercelRoute = {
  scoped: true,
  handler(request) {
    const body = bodyObject(request.body);
    const { world } = request;
    if (typeof body.name !== 'string' || body.name === '')
      throw badRequest('Invalid request: missing required property `name`.');
    if (typeof body.deploymentId !== 'string')
      // Shipdeck only redeploys; a fresh upload (files, gitSource) is out of the emulator's scope.
      throw badRequest('Invalid request: `deploymentId` or `gitSource` is required.');
    const target = body.target ?? 'preview';
    if (target !== 'production' && target !== 'preview' && target !== 'staging')
      throw badRequest('Invalid request: `target` should be one of production, preview, staging.');
    const source = scopedDeployment({ ...request, params: { idOrUrl: body.deploymentId } });
    const project = world.vercel.projects.get(source.projectId);
    if (!project) throw notFound('Project');
    const extraMeta = bodyObject(body.meta);
    const meta: Record<string, string> = { ...source.meta };
    for (const [key, value] of Object.entries(extraMeta))
      if (typeof value === 'string') meta[key] = value;
    const createdAt = world.vercel.uniqueCreatedAt(request.now);
    const uid = `dpl_${stableToken(28, 'deployment', project.id, createdAt, 'redeploy', source.uid)}`;
    const scope = world.vercel.scopeSlug(project.accountId);
    const deployment: VercelDeployment = {
      uid,
      projectId: project.id,
      url: `${project.name}-${deploymentHash(uid)}-${scope}.vercel.app`.toLowerCase(),
      creatorUid: request.user.uid,
      createdAt,
      buildingAt: null,
      readyAt: null,
      state: 'QUEUED',
      target: target === 'production' ? 'production' : null,
      source: 'redeploy',
      meta,
      errorCode: null,
      errorMessage: null,
      regions: source.regions,
      aliases: [],
      githubDeploymentId: null,
    };
    world.vercel.addDeployment(deployment);
    project.updatedAt = createdAt;
    const repo = repoOf(world, project);
    request.actions.background(async (ctx) => {
      await announce(ctx, deployment, 'QUEUED', repo);
      await resumeDeployment(ctx, deployment, 'READY');
    });
    return { body: renderDeploymentDetail(world, deployment) };
  },
};

/** Production deployments that were READY, newest first: what a rollback may go back to. */
function rollbackCandidates(world: World, project: VercelProject): VercelDeployment[] {
  return world.vercel.deployments.filter(
    (d) => d.projectId === project.id && d.target === 'production' && d.state === 'READY',
  );
}

function planOf(request: VercelRequest, project: VercelProject): 'hobby' | 'pro' | 'enterprise' {
  return request.world.vercel.teams.get(project.accountId)?.plan ?? request.actions.personalPlan;
}

/**
 * Records the request as `pending`, then (one lifecycle step apart) `in-progress` and
 * `succeeded` with the production domain moved, as Vercel's alias job does after its 201.
 */
function startAliasJob(
  request: VercelRequest,
  project: VercelProject,
  target: VercelDeployment,
  type: LastAliasRequest['type'],
): void {
  const { world } = request;
  const state = aliasState(world, project.id);
  const aliasRequest: LastAliasRequest = {
    fromDeploymentId: productionHolder(world, project)?.uid ?? null,
    toDeploymentId: target.uid,
    jobStatus: 'pending',
    requestedAt: request.now,
    type,
  };
  state.lastAliasRequest = aliasRequest;
  project.updatedAt = Math.max(project.updatedAt, request.now);
  world.touch();
  request.actions.background(async (ctx) => {
    // deployment.rollback confirms the request was accepted, before traffic moves (webhooks-api).
    if (type === 'rollback')
      ctx.deliveries.push(
        ...(await ctx.webhooks.sendVercel(
          'deployment.rollback',
          vercelDeploymentPayload(world, target, false),
        )),
      );
    if (!(await step(ctx))) return;
    if (state.lastAliasRequest !== aliasRequest) return;
    aliasRequest.jobStatus = 'in-progress';
    world.touch();
    if (!(await step(ctx))) return;
    if (state.lastAliasRequest !== aliasRequest) return;
    moveProductionAlias(world, project, target);
    state.rolledBack = type === 'rollback';
    aliasRequest.jobStatus = 'succeeded';
    project.updatedAt = Math.max(project.updatedAt, Date.now());
    world.emitDeployment(target);
    // deployment.promoted "does not include rollbacks" (vercel.com/docs/webhooks).
    if (type === 'promote')
      ctx.deliveries.push(
        ...(await ctx.webhooks.sendVercel(
          'deployment.promoted',
          vercelDeploymentPayload(world, target, false),
        )),
      );
  });
}

function refuseWhileAliasJobRuns(world: World, project: VercelProject): void {
  const pending = aliasState(world, project.id).lastAliasRequest;
  if (pending && (pending.jobStatus === 'pending' || pending.jobStatus === 'in-progress'))
    throw new VercelError(
      409,
      'conflict',
      'A promote or rollback of this project is already in progress.',
    );
}

/** POST /v10/projects/{projectId}/promote/{deploymentId}: 201, no body; the alias moves later. */
export const promoteDeployment: VercelRoute = {
  scoped: true,
  handler(request) {
    const project = scopedProject(request);
    const deployment = projectDeployment(request, project);
    if (deployment.state !== 'READY')
      throw badRequest(`Deployment ${deployment.uid} is not ready and cannot be promoted.`);
    if (deployment.target !== 'production')
      // The CLI rebuilds a preview with target production instead (PROVIDERS.md §9.2).
      throw badRequest(
        'Only production deployments can be promoted directly. Create a new deployment with `target: "production"` instead.',
      );
    refuseWhileAliasJobRuns(request.world, project);
    startAliasJob(request, project, deployment, 'promote');
    return { status: 201, body: undefined };
  },
};

/** POST /v1|v9/projects/{projectId}/rollback/{deploymentId}: 201, no body. */
export const rollbackDeployment: VercelRoute = {
  scoped: true,
  handler(request) {
    const { world } = request;
    const project = scopedProject(request);
    const deployment = projectDeployment(request, project);
    if (deployment.target !== 'production')
      throw badRequest('Only deployments that served production can be rolled back to.');
    if (deployment.state !== 'READY')
      throw new VercelError(
        409,
        'conflict',
        `Deployment ${deployment.uid} is not ready and cannot be rolled back to.`,
      );
    const current = productionHolder(world, project);
    if (current?.uid === deployment.uid)
      throw new VercelError(409, 'conflict', 'This deployment is already serving production.');
    refuseWhileAliasJobRuns(world, project);
    if (planOf(request, project) === 'hobby') {
      const previous = rollbackCandidates(world, project).find(
        (d) => current === undefined || d.createdAt < current.createdAt,
      );
      if (previous?.uid !== deployment.uid)
        throw new VercelError(
          402,
          'payment_required',
          'To roll back further than the previous production deployment, upgrade to pro',
        );
    }
    const description = request.query.get('description');
    if (description !== null && description !== '')
      aliasState(world, project.id).rollbackDescription = {
        userId: request.user.uid,
        username: request.user.username,
        description: description.slice(0, 250),
        createdAt: request.now,
      };
    startAliasJob(request, project, deployment, 'rollback');
    return { status: 201, body: undefined };
  },
};

/** PATCH /v12/deployments/{id}/cancel: a queued or building deployment stops as CANCELED. */
export const cancelDeployment: VercelRoute = {
  scoped: true,
  handler(request) {
    const { world } = request;
    const deployment = scopedDeployment({
      ...request,
      params: { idOrUrl: request.params.id ?? '' },
    });
    if (!UNFINISHED.has(deployment.state))
      throw badRequest(
        `Cannot cancel deployment ${deployment.uid}: it is already ${deployment.state}.`,
      );
    const project = world.vercel.projects.get(deployment.projectId);
    deployment.readyAt = request.now;
    // Set before answering: the lifecycle checks it after each wait and stops there.
    deployment.state = 'CANCELED';
    const repo = project ? repoOf(world, project) : null;
    request.actions.background(async (ctx) => {
      await announce(ctx, deployment, 'CANCELED', repo);
    });
    return { body: renderDeploymentDetail(world, deployment) };
  },
};
