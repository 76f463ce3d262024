import { VERCEL_BOT_LOGIN } from './generate-accounts.js';
import type {
  CommitStatus,
  GhDeployment,
  GhDeploymentStatus,
  VercelDeployment,
  VercelState,
} from './model.js';
import type { World } from './world.js';

const GITHUB_STATE: Record<VercelState, GhDeploymentStatus['state']> = {
  QUEUED: 'pending',
  INITIALIZING: 'pending',
  BUILDING: 'in_progress',
  READY: 'success',
  ERROR: 'failure',
  CANCELED: 'error',
};

const COMMIT_STATE: Record<VercelState, CommitStatus['state']> = {
  QUEUED: 'pending',
  INITIALIZING: 'pending',
  BUILDING: 'pending',
  READY: 'success',
  ERROR: 'failure',
  CANCELED: 'error',
};

const DESCRIPTION: Record<VercelState, string> = {
  QUEUED: 'Deployment is queued',
  INITIALIZING: 'Deployment is initializing',
  BUILDING: 'Deployment is building',
  READY: 'Deployment has completed',
  ERROR: 'Deployment has failed',
  CANCELED: 'Deployment has been canceled',
};

export function inspectorUrl(world: World, deployment: VercelDeployment): string {
  const project = world.vercel.projects.get(deployment.projectId);
  const scope = project ? world.vercel.scopeSlug(project.accountId) : 'unknown';
  return `https://vercel.com/${scope}/${project?.name ?? 'project'}/${deployment.uid.replace(/^dpl_/, '')}`;
}

export interface GithubSideEffects {
  deployment: GhDeployment;
  status: GhDeploymentStatus;
  commitStatus: CommitStatus;
}

/**
 * Mirrors a Vercel deployment's state onto the linked GitHub repository the way Vercel's
 * GitHub integration does: one GitHub deployment per Vercel deployment, a deployment status
 * per state change, and a commit status on the deployed SHA.
 */
export function recordDeploymentState(
  world: World,
  deployment: VercelDeployment,
  state: VercelState,
  at: number,
): GithubSideEffects | null {
  const project = world.vercel.projects.get(deployment.projectId);
  const sha = deployment.meta.githubCommitSha;
  if (!project || project.repoId === null || !sha) return null;
  const history = world.history(project.repoId);
  const bot = world.account(VERCEL_BOT_LOGIN);
  const creatorId = bot?.id ?? world.repos.get(project.repoId)?.ownerId ?? 0;
  const environment = `${deployment.target === 'production' ? 'Production' : 'Preview'} – ${project.name}`;
  const when = new Date(at).toISOString();
  const inspector = inspectorUrl(world, deployment);

  let ghDeployment = history.data.deployments.find((d) => d.id === deployment.githubDeploymentId);
  if (!ghDeployment) {
    ghDeployment = {
      id: history.nextId(),
      sha,
      ref: deployment.meta.githubCommitRef ?? sha,
      task: 'deploy',
      environment,
      description: null,
      creatorId,
      createdAt: new Date(deployment.createdAt).toISOString(),
      updatedAt: when,
      productionEnvironment: deployment.target === 'production',
      transientEnvironment: false,
    };
    history.data.deployments.push(ghDeployment);
    deployment.githubDeploymentId = ghDeployment.id;
  }
  ghDeployment.updatedAt = when;
  const status: GhDeploymentStatus = {
    id: history.nextId(),
    deploymentId: ghDeployment.id,
    state: GITHUB_STATE[state],
    description: DESCRIPTION[state],
    environment,
    targetUrl: inspector,
    environmentUrl: `https://${deployment.url}`,
    logUrl: inspector,
    creatorId,
    createdAt: when,
    updatedAt: when,
  };
  history.data.deploymentStatuses.push(status);

  const context = `Vercel – ${project.name}`;
  let commitStatus = history.data.statuses.find((s) => s.sha === sha && s.context === context);
  if (!commitStatus) {
    commitStatus = {
      id: history.nextId(),
      sha,
      state: 'pending',
      context,
      description: null,
      targetUrl: inspector,
      creatorId,
      createdAt: when,
      updatedAt: when,
    };
    history.data.statuses.push(commitStatus);
  }
  commitStatus.state = COMMIT_STATE[state];
  commitStatus.description = DESCRIPTION[state];
  commitStatus.targetUrl = inspector;
  commitStatus.updatedAt = when;
  world.touch();
  return { deployment: ghDeployment, status, commitStatus };
}
