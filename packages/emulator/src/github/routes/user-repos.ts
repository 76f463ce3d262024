import type { Repo } from '../../data/model.js';
import { GithubError, validationFailed } from '../github-error.js';
import type { GithubRequest, GithubRoute } from '../github-request.js';
import { pageRequest, paginate } from '../pagination.js';
import { renderRepository } from '../render/repository.js';
import { hasScope } from '../visibility.js';
import { memoByVersion } from '../../data/version-memo.js';
import { requireViewer } from './user.js';

const AFFILIATIONS = ['owner', 'collaborator', 'organization_member'] as const;
type Affiliation = (typeof AFFILIATIONS)[number];

function isAffiliation(value: string): value is Affiliation {
  return (AFFILIATIONS as readonly string[]).includes(value);
}

function parseFilters(query: URLSearchParams): {
  affiliations: Set<Affiliation>;
  visibility: string;
} {
  const type = query.get('type');
  const visibilityParam = query.get('visibility');
  const affiliationParam = query.get('affiliation');
  if (type !== null && (visibilityParam !== null || affiliationParam !== null)) {
    throw new GithubError(
      422,
      'If you specify visibility or affiliation, you cannot specify type.',
      {
        documentation_url:
          'https://docs.github.com/rest/repos/repos#list-repositories-for-the-authenticated-user',
      },
    );
  }
  if (type !== null) {
    switch (type) {
      case 'all':
        return { affiliations: new Set(AFFILIATIONS), visibility: 'all' };
      case 'owner':
        return { affiliations: new Set(['owner']), visibility: 'all' };
      case 'public':
      case 'private':
        return { affiliations: new Set(AFFILIATIONS), visibility: type };
      case 'member':
        return {
          affiliations: new Set(['collaborator', 'organization_member']),
          visibility: 'all',
        };
      default:
        throw validationFailed('Repository', 'type');
    }
  }
  const visibility = visibilityParam ?? 'all';
  if (!['all', 'public', 'private'].includes(visibility))
    throw validationFailed('Repository', 'visibility');
  const affiliations = new Set<Affiliation>();
  for (const part of (affiliationParam ?? AFFILIATIONS.join(',')).split(',')) {
    const value = part.trim();
    if (!isAffiliation(value)) throw validationFailed('Repository', 'affiliation');
    affiliations.add(value);
  }
  return { affiliations, visibility };
}

function parseTime(query: URLSearchParams, name: string): number | null {
  const value = query.get(name);
  if (value === null) return null;
  const time = Date.parse(value);
  if (!Number.isFinite(time)) throw validationFailed('Repository', name);
  return time;
}

/** The value a repository sorts by; ISO times and lower-cased names compare as plain strings. */
function sortKey(sort: string, repo: Repo, fullName: string): string {
  switch (sort) {
    case 'created':
      return repo.createdAt;
    case 'updated':
      return repo.updatedAt;
    case 'pushed':
      return repo.pushedAt;
    default:
      return fullName.toLowerCase();
  }
}

function candidates(
  request: GithubRequest,
  viewerId: number,
  affiliations: Set<Affiliation>,
): Repo[] {
  const { world } = request;
  const out = new Map<number, Repo>();
  if (affiliations.has('owner'))
    for (const repo of world.reposOwnedBy(viewerId)) out.set(repo.id, repo);
  if (affiliations.has('collaborator') || affiliations.has('organization_member')) {
    for (const account of world.accounts.values()) {
      const member = account.type === 'Organization' && account.memberIds.includes(viewerId);
      for (const repo of world.reposOwnedBy(account.id)) {
        if (repo.ownerId === viewerId) continue;
        if (
          (member && affiliations.has('organization_member')) ||
          (affiliations.has('collaborator') && repo.collaboratorIds.includes(viewerId))
        ) {
          out.set(repo.id, repo);
        }
      }
    }
  }
  return [...out.values()];
}

/** GET /user/repos with GitHub's affiliation/visibility/type rules, sorting and paging. */
export const listReposForUser: GithubRoute = {
  resource: 'core',
  acceptedScopes: '',
  handler(request) {
    const viewer = requireViewer(request);
    const { affiliations, visibility } = parseFilters(request.query);
    const sort = request.query.get('sort') ?? 'full_name';
    if (!['created', 'updated', 'pushed', 'full_name'].includes(sort))
      throw validationFailed('Repository', 'sort');
    const direction = request.query.get('direction') ?? (sort === 'full_name' ? 'asc' : 'desc');
    if (!['asc', 'desc'].includes(direction)) throw validationFailed('Repository', 'direction');
    const since = parseTime(request.query, 'since');
    const before = parseTime(request.query, 'before');
    const seesPrivate = hasScope(request.scopes, 'repo');
    const key = JSON.stringify([
      viewer.id,
      [...affiliations],
      visibility,
      sort,
      direction,
      since,
      before,
      seesPrivate,
    ]);
    const repos = memoByVersion(request.world, `user-repos:${key}`, () => {
      const keyed = candidates(request, viewer.id, affiliations)
        .filter((repo) =>
          repo.private ? seesPrivate && visibility !== 'public' : visibility !== 'private',
        )
        .filter(
          (repo) =>
            (since === null || Date.parse(repo.updatedAt) > since) &&
            (before === null || Date.parse(repo.updatedAt) < before),
        )
        .map((repo) => ({ repo, key: sortKey(sort, repo, request.world.fullName(repo)) }));
      const sign = direction === 'asc' ? 1 : -1;
      keyed.sort((a, b) => (a.key < b.key ? -sign : a.key > b.key ? sign : a.repo.id - b.repo.id));
      return keyed.map((entry) => entry.repo);
    });
    const page = paginate(
      repos,
      pageRequest(request.query),
      `${request.urls.api}/user/repos`,
      request.query,
    );
    return {
      body: page.items.map((repo) => renderRepository(request.render, repo)),
      link: page.link,
    };
  },
};
