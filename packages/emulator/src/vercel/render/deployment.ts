import { inspectorUrl } from '../../data/github-deployment-sync.js';
import type { VercelDeployment } from '../../data/model.js';
import type { World } from '../../data/world.js';

const CREATED_IN = 'iad1';

function creatorOf(
  world: World,
  deployment: VercelDeployment,
): { uid: string; username: string; email: string; githubLogin?: string } {
  const user = world.vercel.users.get(deployment.creatorUid);
  const github =
    user?.githubUserId !== null && user?.githubUserId !== undefined
      ? world.accounts.get(user.githubUserId)
      : undefined;
  const creator: { uid: string; username: string; email: string; githubLogin?: string } = {
    uid: deployment.creatorUid,
    username: user?.username ?? 'unknown',
    email: user?.email ?? 'unknown@example.com',
  };
  if (github) creator.githubLogin = github.login;
  return creator;
}

export function projectName(world: World, deployment: VercelDeployment): string {
  return world.vercel.projects.get(deployment.projectId)?.name ?? 'project';
}

function planOf(world: World, deployment: VercelDeployment): 'hobby' | 'pro' | 'enterprise' {
  const project = world.vercel.projects.get(deployment.projectId);
  return project ? (world.vercel.teams.get(project.accountId)?.plan ?? 'hobby') : 'hobby';
}

/** The deployment summary embedded in projects (`latestDeployments`, `targets`, `alias`). */
export function renderDeploymentSummary(
  world: World,
  deployment: VercelDeployment,
  withMeta = true,
): Record<string, unknown> {
  const creator = creatorOf(world, deployment);
  const summary: Record<string, unknown> = {
    id: deployment.uid,
    url: deployment.url,
    name: projectName(world, deployment),
    createdAt: deployment.createdAt,
    createdIn: CREATED_IN,
    readyState: deployment.state,
    type: 'LAMBDAS',
    creator: { uid: creator.uid, username: creator.username, email: creator.email },
    plan: planOf(world, deployment),
    private: true,
    deploymentHostname: deployment.url.replace(/\.vercel\.app$/, ''),
  };
  if (!withMeta) return summary;
  summary.target = deployment.target;
  summary.meta = deployment.meta;
  summary.alias = deployment.aliases;
  summary.aliasError = null;
  if (deployment.buildingAt !== null) summary.buildingAt = deployment.buildingAt;
  if (deployment.readyAt !== null && deployment.state === 'READY')
    summary.readyAt = deployment.readyAt;
  return summary;
}

/** One item of `GET /v6|v7/deployments` (keyed by `uid`). */
export function renderDeploymentListItem(
  world: World,
  deployment: VercelDeployment,
): Record<string, unknown> {
  const item: Record<string, unknown> = {
    uid: deployment.uid,
    name: projectName(world, deployment),
    url: deployment.url,
    created: deployment.createdAt,
    createdAt: deployment.createdAt,
    source: deployment.source,
    state: deployment.state,
    readyState: deployment.state,
    type: 'LAMBDAS',
    creator: creatorOf(world, deployment),
    inspectorUrl: inspectorUrl(world, deployment),
    meta: deployment.meta,
    target: deployment.target,
    projectId: deployment.projectId,
    aliasError: null,
    isRollbackCandidate: deployment.target === 'production' && deployment.state === 'READY',
  };
  if (deployment.buildingAt !== null) item.buildingAt = deployment.buildingAt;
  if (deployment.readyAt !== null && deployment.state === 'READY') item.ready = deployment.readyAt;
  if (deployment.state === 'READY' && deployment.target === 'production')
    item.readySubstate = 'PROMOTED';
  if (deployment.errorCode !== null) item.errorCode = deployment.errorCode;
  if (deployment.errorMessage !== null) item.errorMessage = deployment.errorMessage;
  return item;
}

/** `GET /v13/deployments/{idOrUrl}`: the owner's view (keyed by `id`). */
export function renderDeploymentDetail(
  world: World,
  deployment: VercelDeployment,
): Record<string, unknown> {
  const project = world.vercel.projects.get(deployment.projectId);
  const team = project ? world.vercel.teams.get(project.accountId) : undefined;
  const creator = creatorOf(world, deployment);
  const detail: Record<string, unknown> = {
    id: deployment.uid,
    url: deployment.url,
    name: projectName(world, deployment),
    createdAt: deployment.createdAt,
    createdIn: CREATED_IN,
    buildingAt: deployment.buildingAt ?? deployment.createdAt,
    bootedAt: deployment.createdAt,
    readyState: deployment.state,
    status: deployment.state,
    type: 'LAMBDAS',
    target: deployment.target,
    source: deployment.source,
    creator: { uid: creator.uid, username: creator.username },
    meta: deployment.meta,
    inspectorUrl: inspectorUrl(world, deployment),
    alias: deployment.aliases,
    aliasAssigned: deployment.state === 'READY' && deployment.aliases.length > 0,
    aliasError: null,
    projectId: deployment.projectId,
    ownerId: project?.accountId ?? deployment.creatorUid,
    regions: deployment.regions,
    plan: team?.plan ?? 'hobby',
    public: false,
    version: 2,
    buildSkipped: false,
    build: { env: [] },
    env: [],
    isInConcurrentBuildsQueue: false,
    isInSystemBuildsQueue: false,
    projectSettings: {
      framework: project?.framework ?? null,
      nodeVersion: project?.nodeVersion ?? '22.x',
    },
    routes: null,
  };
  if (team) detail.team = { id: team.id, slug: team.slug, name: team.name ?? team.slug };
  if (deployment.readyAt !== null && deployment.state === 'READY')
    detail.ready = deployment.readyAt;
  if (deployment.state === 'READY' && deployment.target === 'production')
    detail.readySubstate = 'PROMOTED';
  if (deployment.errorCode !== null) detail.errorCode = deployment.errorCode;
  if (deployment.errorMessage !== null) detail.errorMessage = deployment.errorMessage;
  const { githubCommitSha, githubCommitRef, githubRepoId, githubOrg, githubRepo } = deployment.meta;
  if (githubCommitSha && githubCommitRef && githubRepoId) {
    detail.gitSource = {
      type: 'github',
      repoId: Number(githubRepoId),
      ref: githubCommitRef,
      sha: githubCommitSha,
      org: githubOrg,
      repo: githubRepo,
    };
  }
  return detail;
}
