import type { PullRequestFilter, PullRequestSort } from '@shipdeck/shared/github';
import type { ShipFilter, shipPullsResultSchema } from '@shipdeck/shared/insights';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export type PullRequestsParams = {
  page: number;
  perPage: number;
  q?: string;
  filter: PullRequestFilter;
  sort: PullRequestSort;
  /** Needs my review, mine, failing checks, ready to merge; absent for every pull request. */
  ship?: ShipFilter | undefined;
};

/** Pull requests across all the user's repositories, searched, filtered and sorted by the server. */
export async function getPullRequests({ q, ship, ...params }: PullRequestsParams) {
  const response = await apiClient.get('/api/github/pull-requests', {
    params: { ...params, q: q?.trim() || undefined, ...(ship ? { ship } : {}) },
    skipErrorToast: true,
  });
  return unwrap<typeof shipPullsResultSchema>(response);
}

export function getPullRequestsQueryOptions(params: PullRequestsParams) {
  return queryOptions({
    queryKey: ['github', 'pull-requests', params],
    queryFn: () => getPullRequests(params),
    placeholderData: keepPreviousData,
  });
}

export function usePullRequests(params: PullRequestsParams) {
  return useQuery(getPullRequestsQueryOptions(params));
}
