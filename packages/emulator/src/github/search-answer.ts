import { memoByVersion } from '../data/version-memo.js';
import { validationFailed } from './github-error.js';
import type { GithubRequest, GithubResult } from './github-request.js';
import { pageSearchHits } from './search-page.js';
import { parseSearchQuery, type ParsedQuery } from './search-query.js';
import { checkSearchQuery } from './search-scope.js';

/** What tells one search endpoint from another; the query checks, caching and paging are shared. */
export interface SearchEndpoint<Hit> {
  /** The endpoint's path below the API base, for the Link header. */
  path: string;
  /** Namespaces the memoised hits, so two endpoints never share a cache entry. */
  memoKey: string;
  sorts: readonly string[];
  /** Every hit of the query, in any order; `terms` are the free-text words, lower-cased. */
  collect(parsed: ParsedQuery, terms: readonly string[]): Hit[];
  sortHits(hits: Hit[], sort: string | null, order: string): void;
  renderItem(hit: Hit): unknown;
  /** Fields GitHub adds to this endpoint's body after `items`. */
  extraBody?: Record<string, unknown>;
}

/** Answers a GitHub search request: validates `q` and `sort`, then serves one page of hits. */
export function searchAnswer<Hit>(
  request: GithubRequest,
  endpoint: SearchEndpoint<Hit>,
): GithubResult {
  const q = request.query.get('q');
  if (q === null || q.trim() === '') throw validationFailed('Search', 'q', 'missing');
  const parsed = parseSearchQuery(q);
  checkSearchQuery(parsed);
  const sort = request.query.get('sort');
  const order = request.query.get('order') ?? 'desc';
  if (sort !== null && !endpoint.sorts.includes(sort)) throw validationFailed('Search', 'sort');
  const terms = parsed.terms.map((t) => t.toLowerCase());
  const cacheKey = JSON.stringify([request.viewer?.id ?? null, request.scopes, q, sort, order]);
  const hits = memoByVersion(request.world, `${endpoint.memoKey}:${cacheKey}`, () => {
    const found = endpoint.collect(parsed, terms);
    endpoint.sortHits(found, sort, order);
    return found;
  });
  const { items, link } = pageSearchHits(request, hits, endpoint.path);
  return {
    body: {
      total_count: hits.length,
      incomplete_results: false,
      items: items.map((hit) => endpoint.renderItem(hit)),
      ...endpoint.extraBody,
    },
    link,
    headers: { 'cache-control': 'no-cache' },
  };
}
