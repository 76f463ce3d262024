import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type TeamFilters = {
  waitingOn: string | null;
  stale: number | null;
  drafts: 'show' | 'hide';
  sort: 'age' | 'stale';
};

const MAX_STALE_HOURS = 24 * 365;

function readStale(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const hours = Number(value);
  return hours <= MAX_STALE_HOURS ? hours : null;
}

/** The filters as the address bar holds them; anything unreadable reads as no filter. */
export function readTeamFilters(params: URLSearchParams): TeamFilters {
  const waitingOn = params.get('waitingOn')?.trim() ?? '';
  return {
    waitingOn: waitingOn.length > 0 && waitingOn.length <= 39 ? waitingOn : null,
    stale: readStale(params.get('stale')),
    drafts: params.get('drafts') === 'hide' ? 'hide' : 'show',
    sort: params.get('sort') === 'stale' ? 'stale' : 'age',
  };
}

/** GET …/pull-requests's query (teamPullRequestsQuerySchema), as the address bar gives it. */
export type TeamPullRequestsParams = {
  waitingOn?: string;
  stale?: number;
  drafts?: 'hide';
  sort?: 'stale';
  /** Rows per group beyond the server's first TEAM_GROUP_PAGE_SIZE, after "Show all". */
  limit?: number;
};

/** What the server is asked: defaults left out, so a plain link and the defaults share one query. */
export function toPullRequestsQuery(filters: TeamFilters): TeamPullRequestsParams {
  return {
    ...(filters.waitingOn ? { waitingOn: filters.waitingOn } : {}),
    ...(filters.stale !== null ? { stale: filters.stale } : {}),
    ...(filters.drafts === 'hide' ? { drafts: 'hide' as const } : {}),
    ...(filters.sort === 'stale' ? { sort: 'stale' as const } : {}),
  };
}

/**
 * The "Waiting on whom" filters, kept in the query string (`?waitingOn=`, `?stale=`, `?drafts=`,
 * `?sort=`) so a link shares them; a default is left out of the address.
 */
export function useTeamFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readTeamFilters(searchParams);
  const setFilter = useCallback(
    <K extends keyof TeamFilters>(key: K, value: TeamFilters[K]) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const isDefault =
            value === null ||
            (key === 'drafts' && value === 'show') ||
            (key === 'sort' && value === 'age');
          if (isDefault) next.delete(key);
          else next.set(key, String(value));
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return { filters, setFilter };
}
