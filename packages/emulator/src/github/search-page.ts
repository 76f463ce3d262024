import { GithubError } from './github-error.js';
import type { GithubRequest } from './github-request.js';
import { linkHeader } from './link-header.js';
import { pageRequest } from './pagination.js';

/** GitHub's searches serve only their first 1,000 hits. */
const MAX_RESULTS = 1000;

/** One page of a search's hits, with the Link header GitHub sends over the reachable ones. */
export function pageSearchHits<T>(
  request: GithubRequest,
  hits: readonly T[],
  path: string,
): { items: T[]; link: string | null } {
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
    items,
    link: linkHeader(`${request.urls.api}${path}`, request.query, paging.page, lastPage),
  };
}
