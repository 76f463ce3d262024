import type { Repo } from '../data/model.js';
import type { RepoHistory } from '../data/repo-history.js';
import { GithubError, notFound } from './github-error.js';
import type { GithubRequest } from './github-request.js';
import { canSeeRepo } from './visibility.js';

export interface RepoTarget {
  repo: Repo;
  history: RepoHistory;
  /** Base of this repository's URLs in Link headers: `/repositories/{id}`. */
  linkBase: string;
  /** The part of the request path after the repository, e.g. `/commits`. */
  rest: string;
}

/**
 * Resolves `/repos/{owner}/{repo}/…` or `/repositories/{id}/…`. A repository the token cannot
 * see is a 404, exactly like one that does not exist; a renamed one is a 301 to its id URL.
 */
export function resolveRepo(request: GithubRequest): RepoTarget {
  const { params, world } = request;
  let repo: Repo | undefined;
  let prefixLength: number;
  if (params.id !== undefined) {
    repo = /^\d+$/.test(params.id) ? world.repos.get(Number(params.id)) : undefined;
    prefixLength = `/repositories/${params.id}`.length;
  } else {
    const owner = params.owner ?? '';
    const name = params.repo ?? '';
    const found = world.lookupRepo(owner, name);
    const segments = request.path.split('/');
    prefixLength = segments.slice(0, 4).join('/').length;
    if (found && 'movedTo' in found) {
      if (!canSeeRepo(world, found.movedTo, request.viewer, request.scopes)) throw notFound();
      const location = `${request.urls.repository(found.movedTo.id)}${request.path.slice(prefixLength)}${request.query.size > 0 ? `?${request.query.toString()}` : ''}`;
      throw new GithubError(301, 'Moved Permanently', { url: location }, { location });
    }
    repo = found?.repo;
  }
  if (!repo || !canSeeRepo(world, repo, request.viewer, request.scopes)) throw notFound();
  return {
    repo,
    history: world.history(repo.id),
    linkBase: request.urls.repository(repo.id),
    rest: request.path.slice(prefixLength),
  };
}

export function linkUrl(target: RepoTarget): string {
  return `${target.linkBase}${target.rest}`;
}

/** Commit endpoints of a repository without commits answer 409. */
export function requireCommits(target: RepoTarget): void {
  if (target.history.isEmpty) {
    throw new GithubError(409, 'Git Repository is empty.', {
      documentation_url: 'https://docs.github.com/rest/commits/commits#list-commits',
    });
  }
}
