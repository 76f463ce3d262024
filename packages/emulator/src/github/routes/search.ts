import type { Pull, Repo } from '../../data/model.js';
import { GithubError, validationFailed } from '../github-error.js';
import type { GithubRequest, GithubRoute } from '../github-request.js';
import { linkHeader } from '../link-header.js';
import { pageRequest } from '../pagination.js';
import { renderPullSearchItem } from '../render/search-item.js';
import { matchesDateQualifier, parseSearchQuery, type Qualifier } from '../search-query.js';
import { canSeeRepo } from '../visibility.js';
import { memoByVersion } from '../../data/version-memo.js';

const MAX_RESULTS = 1000;

interface Hit {
  repo: Repo;
  pull: Pull;
}

function cannotSearch(): GithubError {
  return validationFailed(
    'Search',
    'q',
    'invalid',
    'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
  );
}

function resolveLogin(request: GithubRequest, value: string): number {
  if (value === '@me') {
    if (!request.viewer) throw cannotSearch();
    return request.viewer.id;
  }
  return request.world.account(value)?.id ?? -1;
}

/** Repositories a query may look at: every visible one, narrowed by repo:/user:/org:. */
function searchableRepos(request: GithubRequest, qualifiers: readonly Qualifier[]): Repo[] {
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

function matchesQualifier(request: GithubRequest, hit: Hit, q: Qualifier): boolean {
  const { pull, repo } = hit;
  const history = request.world.history(repo.id);
  const value = q.value.toLowerCase();
  switch (q.key) {
    case 'is':
    case 'type':
    case 'state':
      switch (value) {
        case 'pr':
        case 'pull-request':
          return true;
        case 'issue':
          return false;
        case 'open':
        case 'closed':
          return pull.state === value;
        case 'merged':
          return pull.mergedAt !== null;
        case 'unmerged':
          return pull.state === 'closed' && pull.mergedAt === null;
        case 'draft':
          return pull.draft;
        case 'public':
          return !repo.private;
        case 'private':
          return repo.private;
        default:
          return true;
      }
    case 'draft':
      return pull.draft === (value === 'true');
    case 'archived':
      return repo.archived === (value === 'true');
    case 'author':
      return pull.userId === resolveLogin(request, q.value);
    case 'assignee':
      return pull.assigneeIds.includes(resolveLogin(request, q.value));
    case 'review-requested':
      return pull.requestedReviewerIds.includes(resolveLogin(request, q.value));
    case 'reviewed-by': {
      const id = resolveLogin(request, q.value);
      return history.data.reviews.some((r) => r.pullNumber === pull.number && r.userId === id);
    }
    case 'involves': {
      const id = resolveLogin(request, q.value);
      return (
        pull.userId === id ||
        pull.assigneeIds.includes(id) ||
        pull.requestedReviewerIds.includes(id) ||
        history.data.reviews.some((r) => r.pullNumber === pull.number && r.userId === id)
      );
    }
    case 'label':
      return pull.labels.some((l) => l.name.toLowerCase() === value);
    case 'no':
      return value === 'assignee'
        ? pull.assigneeIds.length === 0
        : value === 'label'
          ? pull.labels.length === 0
          : true;
    case 'review': {
      const reviews = history.data.reviews.filter((r) => r.pullNumber === pull.number);
      if (value === 'none') return reviews.length === 0;
      if (value === 'approved') return reviews.some((r) => r.state === 'APPROVED');
      if (value === 'changes_requested')
        return reviews.some((r) => r.state === 'CHANGES_REQUESTED');
      return true;
    }
    case 'created':
      return matchesDateQualifier(q.value, pull.createdAt);
    case 'updated':
      return matchesDateQualifier(q.value, pull.updatedAt);
    case 'closed':
      return pull.closedAt !== null && matchesDateQualifier(q.value, pull.closedAt);
    case 'merged':
      return pull.mergedAt !== null && matchesDateQualifier(q.value, pull.mergedAt);
    default:
      // repo/user/org narrowed the pool already; unknown qualifiers are ignored like GitHub does.
      return true;
  }
}

function sortHits(hits: Hit[], sort: string | null, order: string): void {
  const key = (hit: Hit): string | number => {
    switch (sort) {
      case 'comments':
      case 'interactions':
      case 'reactions':
        return hit.pull.comments;
      case 'created':
        return hit.pull.createdAt;
      case 'updated':
        return hit.pull.updatedAt;
      default:
        return hit.pull.updatedAt;
    }
  };
  const direction = sort === null || order !== 'asc' ? -1 : 1;
  hits.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : a.pull.id - b.pull.id) * direction;
  });
}

/** GET /search/issues for pull requests across repositories (its own rate-limit bucket). */
export const searchIssues: GithubRoute = {
  resource: 'search',
  handler(request) {
    const q = request.query.get('q');
    if (q === null || q.trim() === '') throw validationFailed('Search', 'q', 'missing');
    const parsed = parseSearchQuery(q);
    if (parsed.textLength > 256)
      throw new GithubError(422, 'Validation Failed', {
        errors: [
          {
            message: 'The search is longer than 256 characters.',
            resource: 'Search',
            field: 'q',
            code: 'invalid',
          },
        ],
      });
    if (parsed.operators > 5)
      throw new GithubError(422, 'Validation Failed', {
        errors: [
          {
            message: 'More than five AND / OR / NOT operators were used.',
            resource: 'Search',
            field: 'q',
            code: 'invalid',
          },
        ],
      });
    const sort = request.query.get('sort');
    const order = request.query.get('order') ?? 'desc';
    if (
      sort !== null &&
      ![
        'comments',
        'reactions',
        'reactions-+1',
        'reactions--1',
        'reactions-smile',
        'reactions-thinking_face',
        'reactions-heart',
        'reactions-tada',
        'interactions',
        'created',
        'updated',
      ].includes(sort)
    ) {
      throw validationFailed('Search', 'sort');
    }
    const terms = parsed.terms.map((t) => t.toLowerCase());
    const cacheKey = JSON.stringify([request.viewer?.id ?? null, request.scopes, q, sort, order]);
    const hits = memoByVersion(request.world, `search:${cacheKey}`, () => {
      const found: Hit[] = [];
      for (const repo of searchableRepos(request, parsed.qualifiers)) {
        for (const pull of request.world.history(repo.id).data.pulls) {
          const hit = { repo, pull };
          const text = `${pull.title}\n${pull.body ?? ''}`.toLowerCase();
          if (!terms.every((term) => text.includes(term))) continue;
          if (parsed.qualifiers.every((q) => matchesQualifier(request, hit, q) !== q.negated))
            found.push(hit);
        }
      }
      sortHits(found, sort, order);
      return found;
    });
    const paging = pageRequest(request.query);
    const start = (paging.page - 1) * paging.perPage;
    if (start >= MAX_RESULTS && hits.length > 0) {
      throw new GithubError(422, 'Only the first 1000 search results are available', {
        documentation_url: 'https://docs.github.com/v3/search/',
      });
    }
    const reachable = Math.min(hits.length, MAX_RESULTS);
    const items = hits.slice(start, Math.min(start + paging.perPage, reachable));
    const lastPage = Math.max(1, Math.ceil(reachable / paging.perPage));
    return {
      body: {
        total_count: hits.length,
        incomplete_results: false,
        items: items.map((hit) => renderPullSearchItem(request.render, hit.repo, hit.pull)),
        search_type: 'lexical',
      },
      link: linkHeader(`${request.urls.api}/search/issues`, request.query, paging.page, lastPage),
      headers: { 'cache-control': 'no-cache' },
    };
  },
};
