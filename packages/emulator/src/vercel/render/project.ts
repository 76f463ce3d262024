import { stableToken } from '../../data/ids.js';
import type { VercelProject } from '../../data/model.js';
import type { World } from '../../data/world.js';
import { aliasState, hasAliasHistory, productionHolder } from '../../data/vercel-alias-state.js';
import { renderDeploymentSummary } from './deployment.js';

function link(world: World, project: VercelProject): Record<string, unknown> | undefined {
  const repo = project.repoId === null ? undefined : world.repos.get(project.repoId);
  if (!repo) return undefined;
  const owner = world.ownerOf(repo);
  return {
    type: 'github',
    org: owner.login,
    repo: repo.name,
    repoId: repo.id,
    repoOwnerId: owner.id,
    productionBranch: project.productionBranch,
    gitCredentialId: `cred_${stableToken(24, 'cred', owner.login)}`,
    deployHooks: [],
    sourceless: false,
    createdAt: project.createdAt,
    updatedAt: project.createdAt,
  };
}

/** A project as `/v9|v10/projects` list items (`detail: false`) or `/v9/projects/{id}` send it. */
export function renderProject(
  world: World,
  project: VercelProject,
  detail: boolean,
): Record<string, unknown> {
  const deployments = world.vercel.deployments.filter((d) => d.projectId === project.id);
  // After a promote or rollback, production is whichever deployment holds the production domain;
  // before one, the newest production deployment as generated data always had it.
  const moved = hasAliasHistory(world, project.id);
  const holder = moved ? productionHolder(world, project) : undefined;
  const production = moved ? holder : deployments.find((d) => d.target === 'production');
  const live = moved
    ? holder
    : deployments.find((d) => d.target === 'production' && d.state === 'READY');
  const state = aliasState(world, project.id);
  const body: Record<string, unknown> = {
    accountId: project.accountId,
    id: project.id,
    name: project.name,
    framework: project.framework,
    nodeVersion: project.nodeVersion,
    rootDirectory: project.rootDirectory,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
    directoryListing: false,
    live: false,
    buildCommand: null,
    devCommand: null,
    installCommand: null,
    outputDirectory: null,
    deploymentExpiration: {
      expirationDays: 180,
      expirationDaysProduction: 365,
      expirationDaysCanceled: 30,
      expirationDaysErrored: 90,
      deploymentsToKeep: 10,
    },
    resourceConfig: { functionDefaultRegions: ['iad1'], fluid: true },
    alias: (live?.aliases.slice(0, 1) ?? []).map((domain) => ({
      domain,
      environment: 'production',
      target: 'PRODUCTION',
      createdAt: live?.readyAt ?? project.createdAt,
      deployment: live ? renderDeploymentSummary(world, live, false) : null,
    })),
    latestDeployments: deployments.slice(0, 5).map((d) => renderDeploymentSummary(world, d)),
  };
  if (production) body.targets = { production: renderDeploymentSummary(world, production) };
  if (state.lastAliasRequest) body.lastAliasRequest = { ...state.lastAliasRequest };
  if (state.rollbackDescription) body.rollbackDescription = { ...state.rollbackDescription };
  const linked = link(world, project);
  if (linked) body.link = linked;
  // The list schema requires serverlessFunctionRegion; the single-project schema does not know it.
  if (detail) body.defaultResourceConfig = { functionDefaultRegions: ['iad1'], fluid: true };
  else body.serverlessFunctionRegion = 'iad1';
  return body;
}
