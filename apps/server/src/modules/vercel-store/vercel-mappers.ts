import type { Insertable } from 'kysely';
import type { DeploymentWire, ProjectWire } from '../vercel-client/vercel-wire.js';
import type { VercelDeploymentsTable } from './vercel-deployments.table.js';
import type { VercelProjectsTable } from './vercel-projects.table.js';

const iso = (ms: number | undefined | null): string | null =>
  typeof ms === 'number' ? new Date(ms).toISOString() : null;

function intOrNull(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number(value);
}

export function toProjectRow(
  userId: string,
  project: ProjectWire,
  syncedAt: string,
): Insertable<VercelProjectsTable> {
  const created = iso(project.createdAt) ?? syncedAt;
  return {
    user_id: userId,
    id: project.id,
    name: project.name,
    framework: project.framework,
    link_type: project.link?.type ?? null,
    link_org: project.link?.org ?? null,
    link_repo: project.link?.repo ?? null,
    link_repo_id: project.link?.repoId ?? null,
    link_production_branch: project.link?.productionBranch ?? null,
    production_deployment_id: project.targets?.production?.id ?? null,
    created_at: created,
    updated_at: iso(project.updatedAt) ?? created,
    synced_at: syncedAt,
  };
}

/** Git facts come from the GitHub integration's `meta` (all strings), as PROVIDERS.md §5 lists. */
export function toDeploymentRow(
  userId: string,
  deployment: DeploymentWire,
  syncedAt: string,
): Omit<Insertable<VercelDeploymentsTable>, 'build_log' | 'build_log_fetched_at'> {
  const meta = deployment.meta ?? {};
  const created = deployment.createdAt ?? deployment.created;
  const updated = Math.max(created, deployment.buildingAt ?? 0, deployment.ready ?? 0);
  return {
    user_id: userId,
    id: deployment.uid,
    project_id: deployment.projectId,
    name: deployment.name,
    url: deployment.url,
    inspector_url: deployment.inspectorUrl,
    state: deployment.readyState ?? deployment.state ?? 'UNKNOWN',
    target: deployment.target === 'production' ? 'production' : 'preview',
    branch: meta.githubCommitRef ?? null,
    commit_sha: meta.githubCommitSha ?? null,
    commit_message: meta.githubCommitMessage ?? null,
    commit_author_name: meta.githubCommitAuthorName ?? null,
    commit_author_login: meta.githubCommitAuthorLogin ?? null,
    commit_org: meta.githubCommitOrg ?? meta.githubOrg ?? null,
    commit_repo: meta.githubCommitRepo ?? meta.githubRepo ?? null,
    commit_repo_id: intOrNull(meta.githubRepoId),
    pr_id: intOrNull(meta.githubPrId),
    error_code: deployment.errorCode,
    error_message: deployment.errorMessage,
    created_at: new Date(created).toISOString(),
    building_at: iso(deployment.buildingAt),
    ready_at: iso(deployment.ready),
    updated_at: new Date(updated).toISOString(),
    synced_at: syncedAt,
  };
}
