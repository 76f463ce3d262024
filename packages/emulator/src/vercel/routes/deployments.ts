import { vercelStateSchema, type VercelDeployment } from '../../data/model.js';
import { queryLimit, queryNumber } from '../query-number.js';
import { renderDeploymentDetail, renderDeploymentListItem } from '../render/deployment.js';
import { badRequest, notFound } from '../vercel-error.js';
import type { VercelRequest, VercelRoute } from '../vercel-request.js';

function filters(request: VercelRequest): (d: VercelDeployment) => boolean {
  const { query, world, accountId } = request;
  const projectRefs = [
    ...query.getAll('projectId'),
    ...query.getAll('projectIds'),
    ...query.getAll('app'),
  ].flatMap((v) => v.split(','));
  const projectIds = new Set<string>();
  for (const ref of projectRefs) {
    const project = world.vercel.projectByIdOrName(accountId, ref);
    if (!project) throw notFound('Project');
    projectIds.add(project.id);
  }
  const states =
    query
      .get('state')
      ?.split(',')
      .map((s) => s.trim().toUpperCase()) ?? null;
  for (const state of states ?? []) {
    if (
      !vercelStateSchema.options.some((s) => s === state) &&
      !['BLOCKED', 'DELETED'].includes(state)
    ) {
      throw badRequest(
        'Invalid request: `state` should be one of BUILDING, ERROR, INITIALIZING, QUEUED, READY, CANCELED, BLOCKED.',
      );
    }
  }
  const target = query.get('target');
  if (target !== null && target !== 'production' && target !== 'preview')
    throw badRequest('Invalid request: `target` should be one of production, preview.');
  const branch = query.get('branch');
  const sha = query.get('sha');
  const users = query.get('users')?.split(',') ?? null;
  const from = queryNumber(query, 'from');
  const to = queryNumber(query, 'to');
  const owned = new Set(world.vercel.projectsOf(accountId).map((p) => p.id));
  return (d) =>
    owned.has(d.projectId) &&
    (projectIds.size === 0 || projectIds.has(d.projectId)) &&
    (states === null || states.includes(d.state)) &&
    (target === null ||
      (target === 'production' ? d.target === 'production' : d.target === null)) &&
    (branch === null || d.meta.githubCommitRef === branch) &&
    (sha === null || d.meta.githubCommitSha === sha) &&
    (users === null || users.includes(d.creatorUid)) &&
    (from === null || d.createdAt >= from) &&
    (to === null || d.createdAt <= to);
}

/**
 * GET /v6|v7/deployments, newest first. `until` (the previous page's `pagination.next`)
 * pages backwards in time; `since` (a page's `pagination.prev`) returns the newer page.
 */
export const listDeployments: VercelRoute = {
  scoped: true,
  handler(request) {
    const limit = queryLimit(request.query);
    const until = queryNumber(request.query, 'until');
    const since = queryNumber(request.query, 'since');
    const matching = request.world.vercel.deployments.filter(filters(request));
    const window = matching.filter(
      (d) => (until === null || d.createdAt < until) && (since === null || d.createdAt > since),
    );
    // With only `since`, the page is the one right after the cursor: the oldest of the newer items.
    const page = since !== null && until === null ? window.slice(-limit) : window.slice(0, limit);
    const last = page[page.length - 1];
    const older = last !== undefined && matching.some((d) => d.createdAt < last.createdAt);
    return {
      body: {
        deployments: page.map((d) => renderDeploymentListItem(request.world, d)),
        pagination: {
          count: page.length,
          next: older ? last.createdAt : null,
          prev: page[0]?.createdAt ?? null,
        },
      },
    };
  },
};

/** Finds a deployment by id or URL that belongs to the request's scope. */
export function scopedDeployment(request: VercelRequest): VercelDeployment {
  const deployment = request.world.vercel.deployment(request.params.idOrUrl ?? '');
  const project = deployment ? request.world.vercel.projects.get(deployment.projectId) : undefined;
  if (!deployment || project?.accountId !== request.accountId) throw notFound('Deployment');
  return deployment;
}

/** GET /v13/deployments/{idOrUrl} */
export const getDeployment: VercelRoute = {
  scoped: true,
  handler: (request) => ({
    body: renderDeploymentDetail(request.world, scopedDeployment(request)),
  }),
};
