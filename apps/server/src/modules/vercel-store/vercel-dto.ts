import type { VercelDeployment, VercelProject } from '@shipdeck/shared/vercel';
import { matchedCommitLinks, matchedRepository, repositoryRef } from './deployment-git-links.js';
import type { DeploymentRow, ProjectRow } from './vercel-read.repository.js';

const toNumber = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

export function toDeploymentDto(row: DeploymentRow, githubWebUrl: string): VercelDeployment {
  const repository = matchedRepository(row, () =>
    repositoryRef(githubWebUrl, {
      type: row.commit_org ? 'github' : null,
      org: row.commit_org,
      repo: row.commit_repo,
      repoId: toNumber(row.commit_repo_id),
    }),
  );
  const links = matchedCommitLinks(row, repository, {
    sha: row.commit_sha,
    pullRequestId: row.pr_id,
  });
  return {
    id: row.id,
    projectId: row.project_id,
    projectName: row.project_name,
    state: row.state,
    target: row.target,
    url: `https://${row.url}`,
    inspectorUrl: row.inspector_url,
    branch: row.branch,
    commitSha: row.commit_sha,
    commitMessage: row.commit_message,
    commitAuthor: row.commit_author_name,
    commitAuthorLogin: row.commit_author_login,
    pullRequestId: links.pullRequestId,
    repository,
    commitUrl: links.commitUrl,
    pullRequestUrl: links.pullRequestUrl,
    createdAt: row.created_at,
    buildingAt: row.building_at,
    readyAt: row.ready_at,
    errorCode: row.error_code,
    errorMessage: row.error_message,
  };
}

export function toProjectDto(
  row: ProjectRow,
  githubWebUrl: string,
  deployments: {
    production?: DeploymentRow;
    latest?: DeploymentRow;
    /** Set while a rollback pins production: the newest READY production build, to promote. */
    resumeWith?: DeploymentRow;
  },
): VercelProject {
  const link = row.link_type
    ? {
        type: row.link_type,
        org: row.link_org,
        repo: row.link_repo,
        repoId: toNumber(row.link_repo_id),
        productionBranch: row.link_production_branch,
      }
    : null;
  return {
    id: row.id,
    name: row.name,
    framework: row.framework,
    description: null,
    updatedAt: row.updated_at,
    link,
    repository: matchedRepository(row, () => (link ? repositoryRef(githubWebUrl, link) : null)),
    productionDeployment: deployments.production
      ? toDeploymentDto(deployments.production, githubWebUrl)
      : null,
    latestDeployment: deployments.latest ? toDeploymentDto(deployments.latest, githubWebUrl) : null,
    productionRolledBack: deployments.resumeWith !== undefined,
    resumeProductionWith: deployments.resumeWith
      ? toDeploymentDto(deployments.resumeWith, githubWebUrl)
      : null,
  };
}
