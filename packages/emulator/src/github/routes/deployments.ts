import { notFound } from '../github-error.js';
import type { GithubRoute } from '../github-request.js';
import { pageRequest, paginate } from '../pagination.js';
import { renderDeployment, renderDeploymentStatus } from '../render/deployment.js';
import { linkUrl, resolveRepo } from '../repo-access.js';

/** GET …/deployments, newest first, filtered by sha/ref/task/environment. */
export const listDeployments: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'repo, repo_deployment',
  handler(request) {
    const target = resolveRepo(request);
    const { query } = request;
    const environment = query.get('environment');
    const deployments = target.history.data.deployments
      .filter(
        (d) =>
          (query.get('sha') === null || d.sha === query.get('sha')) &&
          (query.get('ref') === null || d.ref === query.get('ref')) &&
          (query.get('task') === null || d.task === query.get('task')) &&
          (environment === null || environment === 'none' || d.environment === environment),
      )
      .sort((a, b) => b.id - a.id);
    const page = paginate(deployments, pageRequest(query), linkUrl(target), query);
    return {
      body: page.items.map((d) => renderDeployment(request.render, target.repo, d)),
      link: page.link,
    };
  },
};

/** GET …/deployments/{id}/statuses, newest first. */
export const listDeploymentStatuses: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'repo, repo_deployment',
  handler(request) {
    const target = resolveRepo(request);
    const id = Number(request.params.deploymentId);
    if (!target.history.data.deployments.some((d) => d.id === id)) throw notFound();
    const statuses = target.history.data.deploymentStatuses
      .filter((s) => s.deploymentId === id)
      .sort((a, b) => b.id - a.id);
    const page = paginate(statuses, pageRequest(request.query), linkUrl(target), request.query);
    return {
      body: page.items.map((s) => renderDeploymentStatus(request.render, target.repo, s)),
      link: page.link,
    };
  },
};
