import type { Pull, Repo } from '../../data/model.js';
import type { GithubRequest, GithubRoute } from '../github-request.js';
import { searchAnswer } from '../search-answer.js';
import { renderPullSearchItem } from '../render/search-item.js';
import { matchesDateQualifier, type ParsedQuery, type Qualifier } from '../search-query.js';
import { resolveLogin, searchableRepos } from '../search-scope.js';

export interface Hit {
  repo: Repo;
  pull: Pull;
}

/** Who searches: enough of a request to resolve `@me` and the repositories they may see. */
type Searcher = Pick<GithubRequest, 'world' | 'viewer' | 'scopes'>;

function matchesQualifier(request: Searcher, hit: Hit, q: Qualifier): boolean {
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

/** Every pull request a parsed search query finds, unsorted (REST and GraphQL search share it). */
export function collectPullHits(
  request: Searcher,
  parsed: ParsedQuery,
  terms: readonly string[],
): Hit[] {
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
  return found;
}

export function sortHits(hits: Hit[], sort: string | null, order: string): void {
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

const SORTS = [
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
];

/** GET /search/issues for pull requests across repositories (its own rate-limit bucket). */
export const searchIssues: GithubRoute = {
  resource: 'search',
  handler(request) {
    return searchAnswer<Hit>(request, {
      path: '/search/issues',
      memoKey: 'search',
      sorts: SORTS,
      collect: (parsed, terms) => collectPullHits(request, parsed, terms),
      sortHits,
      renderItem: (hit) => renderPullSearchItem(request.render, hit.repo, hit.pull),
      extraBody: { search_type: 'lexical' },
    });
  },
};
