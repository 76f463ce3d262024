import type { Repo } from '../data/model.js';
import { GithubError, validationFailed } from './github-error.js';
import type { GithubRequest } from './github-request.js';
import type { ParsedQuery, Qualifier } from './search-query.js';
import { canSeeRepo } from './visibility.js';

// What every search endpoint shares: who `@me` is, and which repositories a query may look at.

export function cannotSearch(): GithubError {
  return validationFailed(
    'Search',
    'q',
    'invalid',
    'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
  );
}

export function resolveLogin(
  request: Pick<GithubRequest, 'world' | 'viewer'>,
  value: string,
): number {
  if (value === '@me') {
    if (!request.viewer) throw cannotSearch();
    return request.viewer.id;
  }
  return request.world.account(value)?.id ?? -1;
}

/** Repositories a query may look at: every visible one, narrowed by repo:/user:/org:. */
export function searchableRepos(
  request: Pick<GithubRequest, 'world' | 'viewer' | 'scopes'>,
  qualifiers: readonly Qualifier[],
): Repo[] {
  const { world } = request;
  const named = qualifiers.filter((q) => q.key === 'repo' && !q.negated);
  if (named.length > 0) {
    return named.map((q) => {
      const [owner = '', name = ''] = q.value.split('/');
      const found = world.lookupRepo(owner, name);
      const repo = found && 'repo' in found ? found.repo : undefined;
      if (!repo || !canSeeRepo(world, repo, request.viewer, request.scopes)) throw cannotSearch();
      return repo;
    });
  }
  const owners = qualifiers.filter((q) => (q.key === 'user' || q.key === 'org') && !q.negated);
  const ownerIds = owners.map((q) => {
    const id = resolveLogin(request, q.value);
    if (id === -1) throw cannotSearch();
    return id;
  });
  const pool =
    ownerIds.length > 0
      ? ownerIds.flatMap((id) => [...world.reposOwnedBy(id)])
      : [...world.repos.values()];
  return pool.filter((repo) => canSeeRepo(world, repo, request.viewer, request.scopes));
}

function invalidQuery(message: string): GithubError {
  return new GithubError(422, 'Validation Failed', {
    errors: [{ message, resource: 'Search', field: 'q', code: 'invalid' }],
  });
}

/** GitHub's limits on any search: 256 characters of text, five AND / OR / NOT operators. */
export function checkSearchQuery(parsed: ParsedQuery): void {
  if (parsed.textLength > 256) throw invalidQuery('The search is longer than 256 characters.');
  if (parsed.operators > 5)
    throw invalidQuery('More than five AND / OR / NOT operators were used.');
}
