import type { GhDeployment, GhDeploymentStatus, Repo } from '../../data/model.js';
import { nodeId } from '../../data/ids.js';
import { ghTime } from '../urls.js';
import { renderApp } from './apps.js';
import type { RenderContext } from './render-context.js';
import { renderSimpleUser } from './user.js';

function creator(ctx: RenderContext, id: number): Record<string, unknown> | null {
  const account = ctx.world.accounts.get(id);
  return account ? renderSimpleUser(ctx.urls, account) : null;
}

export function renderDeployment(
  ctx: RenderContext,
  repo: Repo,
  deployment: GhDeployment,
): Record<string, unknown> {
  const api = ctx.urls.repo(ctx.world.fullName(repo));
  const url = `${api}/deployments/${deployment.id}`;
  return {
    url,
    id: deployment.id,
    node_id: nodeId('Deployment', deployment.id),
    sha: deployment.sha,
    ref: deployment.ref,
    task: deployment.task,
    payload: {},
    original_environment: deployment.environment,
    environment: deployment.environment,
    description: deployment.description,
    creator: creator(ctx, deployment.creatorId),
    created_at: ghTime(deployment.createdAt),
    updated_at: ghTime(deployment.updatedAt),
    statuses_url: `${url}/statuses`,
    repository_url: api,
    transient_environment: deployment.transientEnvironment,
    production_environment: deployment.productionEnvironment,
    performed_via_github_app: renderApp(ctx.urls, 'vercel'),
  };
}

export function renderDeploymentStatus(
  ctx: RenderContext,
  repo: Repo,
  status: GhDeploymentStatus,
): Record<string, unknown> {
  const api = ctx.urls.repo(ctx.world.fullName(repo));
  const deploymentUrl = `${api}/deployments/${status.deploymentId}`;
  return {
    url: `${deploymentUrl}/statuses/${status.id}`,
    id: status.id,
    node_id: nodeId('DeploymentStatus', status.id),
    state: status.state,
    creator: creator(ctx, status.creatorId),
    description: status.description,
    environment: status.environment,
    target_url: status.targetUrl,
    created_at: ghTime(status.createdAt),
    updated_at: ghTime(status.updatedAt),
    deployment_url: deploymentUrl,
    repository_url: api,
    environment_url: status.environmentUrl,
    log_url: status.logUrl,
    performed_via_github_app: renderApp(ctx.urls, 'vercel'),
  };
}
