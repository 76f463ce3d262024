import { linkHeader } from './link-header.js';

export interface PageRequest {
  page: number;
  perPage: number;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const parsed = Number(value);
  return parsed >= 1 ? parsed : null;
}

/** `per_page` (default 30, at most 100) and `page` (default 1), leniently as GitHub reads them. */
export function pageRequest(
  query: URLSearchParams,
  defaults = { perPage: 30, maxPerPage: 100 },
): PageRequest {
  const perPage = Math.min(
    positiveInt(query.get('per_page')) ?? defaults.perPage,
    defaults.maxPerPage,
  );
  return { page: positiveInt(query.get('page')) ?? 1, perPage };
}

export interface Page<T> {
  items: T[];
  link: string | null;
}

/** Cuts one page out of `items` and builds the Link header pointing at `baseUrl`. */
export function paginate<T>(
  items: readonly T[],
  request: PageRequest,
  baseUrl: string,
  query: URLSearchParams,
  total = items.length,
): Page<T> {
  const start = (request.page - 1) * request.perPage;
  const lastPage = Math.max(1, Math.ceil(total / request.perPage));
  return {
    items: items.slice(start, start + request.perPage),
    link: linkHeader(baseUrl, query, request.page, lastPage),
  };
}
