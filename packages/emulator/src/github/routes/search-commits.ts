import type { Commit, Repo } from '../../data/model.js';
import type { GithubRequest, GithubRoute } from '../github-request.js';
import { searchAnswer } from '../search-answer.js';
import { renderCommitSearchItem } from '../render/commit-search-item.js';
import { matchesDateQualifier, type Qualifier } from '../search-query.js';
import { resolveLogin, searchableRepos } from '../search-scope.js';

const SORTS = ['author-date', 'committer-date'];

interface Hit {
  repo: Repo;
  commit: Commit;
}

function matchesPerson(
  request: GithubRequest,
  q: Qualifier,
  id: number | null,
  name: string,
  email: string,
): boolean {
  const value = q.value.toLowerCase();
  switch (q.key) {
    case 'author':
    case 'committer':
      return id !== null && id === resolveLogin(request, q.value);
    case 'author-name':
    case 'committer-name':
      return name.toLowerCase().includes(value);
    default:
      return email.toLowerCase() === value;
  }
}

function matchesQualifier(request: GithubRequest, hit: Hit, q: Qualifier): boolean {
  const { commit, repo } = hit;
  const value = q.value.toLowerCase();
  switch (q.key) {
    case 'author':
    case 'author-name':
    case 'author-email':
      return matchesPerson(request, q, commit.authorId, commit.authorName, commit.authorEmail);
    case 'committer':
    case 'committer-name':
    case 'committer-email':
      return matchesPerson(
        request,
        q,
        commit.committerId,
        commit.committerName,
        commit.committerEmail,
      );
    case 'author-date':
      return matchesDateQualifier(q.value, commit.authoredAt);
    case 'committer-date':
      return matchesDateQualifier(q.value, commit.committedAt);
    case 'merge':
      return commit.parents.length > 1 === (value === 'true');
    case 'hash':
      return commit.sha.startsWith(value);
    case 'parent':
      return commit.parents.some((sha) => sha.startsWith(value));
    case 'is':
      if (value === 'public') return !repo.private;
      if (value === 'private') return repo.private;
      return true;
    default:
      // repo/user/org narrowed the pool already; unknown qualifiers are ignored like GitHub does.
      return true;
  }
}

function sortHits(hits: Hit[], sort: string | null, order: string): void {
  // Best match has no meaning without a text index: newest commit first, like committer-date.
  const key = (hit: Hit): string =>
    sort === 'author-date' ? hit.commit.authoredAt : hit.commit.committedAt;
  const direction = sort !== null && order === 'asc' ? 1 : -1;
  hits.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return (ka < kb ? -1 : 1) * direction;
    return a.repo.id - b.repo.id || (a.commit.sha < b.commit.sha ? -1 : 1);
  });
}

/**
 * GET /search/commits: commits of each searchable repository's default branch (as GitHub
 * indexes them), in the search rate-limit bucket.
 */
export const searchCommits: GithubRoute = {
  resource: 'search',
  handler(request) {
    return searchAnswer<Hit>(request, {
      path: '/search/commits',
      memoKey: 'search-commits',
      sorts: SORTS,
      collect(parsed, terms) {
        const found: Hit[] = [];
        for (const repo of searchableRepos(request, parsed.qualifiers)) {
          const history = request.world.history(repo.id);
          const tip = history.resolveRef(repo.defaultBranch);
          if (!tip) continue;
          for (const commit of history.reachableFrom(tip)) {
            const message = commit.message.toLowerCase();
            if (!terms.every((term) => message.includes(term))) continue;
            const hit = { repo, commit };
            if (
              parsed.qualifiers.every(
                (qual) => matchesQualifier(request, hit, qual) !== qual.negated,
              )
            )
              found.push(hit);
          }
        }
        return found;
      },
      sortHits,
      renderItem: (hit) => renderCommitSearchItem(request.render, hit.repo, hit.commit),
    });
  },
};
