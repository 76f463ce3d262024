import { deploymentHash, stableToken } from './ids.js';
import type {
  Account,
  Commit,
  Pull,
  Repo,
  VercelDeployment,
  VercelProject,
  VercelState,
  VercelUser,
} from './model.js';

/** Everything needed to create one Vercel deployment (generated or live). */
export interface DeploymentPlan {
  project: VercelProject;
  repo: Repo | null;
  /** The account or team slug that appears in generated hostnames. */
  scope: string;
  commit: Commit | null;
  ref: string;
  pull: Pull | null;
  createdAt: number;
  /** The state it ends in (generated data) or starts in (live activity: QUEUED). */
  state: VercelState;
  buildSeconds: number;
  creator: VercelUser;
}

/** Vercel's branch slug in `project-git-<branch>-scope.vercel.app`. */
export function branchSlug(ref: string): string {
  return (
    ref
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'branch'
  );
}

export function branchAlias(plan: Pick<DeploymentPlan, 'project' | 'ref' | 'scope'>): string {
  return `${plan.project.name}-git-${branchSlug(plan.ref)}-${plan.scope}.vercel.app`.toLowerCase();
}

/** The `meta` Vercel's GitHub integration attaches (every value a string). */
export function gitMeta(
  plan: DeploymentPlan,
  owner: Account | undefined,
  authorLogin: string | null,
): Record<string, string> {
  const { repo, commit } = plan;
  if (!repo || !commit || !owner) return {};
  const meta: Record<string, string> = {
    githubDeployment: '1',
    githubOrg: owner.login,
    githubRepo: repo.name,
    githubRepoId: String(repo.id),
    githubRepoOwnerType: owner.type === 'Organization' ? 'Organization' : 'User',
    githubRepoVisibility: repo.private ? 'private' : 'public',
    githubCommitOrg: owner.login,
    githubCommitRepo: repo.name,
    githubCommitRepoId: String(repo.id),
    githubCommitRef: plan.ref,
    githubCommitSha: commit.sha,
    githubCommitMessage: commit.message,
    githubCommitAuthorName: commit.authorName,
    githubCommitAuthorEmail: commit.authorEmail,
    branchAlias: branchAlias(plan),
  };
  if (authorLogin) meta.githubCommitAuthorLogin = authorLogin;
  if (plan.pull) meta.githubPrId = String(plan.pull.number);
  return meta;
}

/** Timestamps a deployment in `state` would have, given when it was created. */
export function timelineFor(
  state: VercelState,
  createdAt: number,
  buildSeconds: number,
): Pick<VercelDeployment, 'buildingAt' | 'readyAt'> {
  const buildingAt = createdAt + 2_000 + (buildSeconds % 7) * 1000;
  if (state === 'QUEUED' || state === 'INITIALIZING') return { buildingAt: null, readyAt: null };
  if (state === 'BUILDING') return { buildingAt, readyAt: null };
  return { buildingAt, readyAt: buildingAt + buildSeconds * 1000 };
}

export function buildDeployment(
  plan: DeploymentPlan,
  owner: Account | undefined,
  authorLogin: string | null,
): VercelDeployment {
  const uid = `dpl_${stableToken(28, 'deployment', plan.project.id, plan.createdAt, plan.commit?.sha ?? '')}`;
  const failed = plan.state === 'ERROR';
  return {
    uid,
    projectId: plan.project.id,
    url: `${plan.project.name}-${deploymentHash(uid)}-${plan.scope}.vercel.app`.toLowerCase(),
    creatorUid: plan.creator.uid,
    createdAt: plan.createdAt,
    ...timelineFor(plan.state, plan.createdAt, plan.buildSeconds),
    state: plan.state,
    target: plan.pull === null && plan.ref === plan.project.productionBranch ? 'production' : null,
    source: plan.commit ? 'git' : 'cli',
    meta: gitMeta(plan, owner, authorLogin),
    errorCode: failed ? 'BUILD_FAILED' : null,
    errorMessage: failed ? 'Command "npm run build" exited with 1' : null,
    regions: ['iad1'],
    aliases: [],
    githubDeploymentId: null,
  };
}
