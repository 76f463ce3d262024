import type { PullRequestFilter, PullRequestSort } from '@shipdeck/shared/github';
import { shipPullsResultSchema } from '@shipdeck/shared/insights';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export type PullRequestsParams = {
  page: number;
  perPage: number;
  q?: string;
  filter: PullRequestFilter;
  sort: PullRequestSort;
};

/** Pull requests across all the user's repositories, searched, filtered and sorted by the server. */
export async function getPullRequests({ q, ...params }: PullRequestsParams) {
  const response = await apiClient.get('/api/github/pull-requests', {
    params: { ...params, q: q?.trim() || undefined },
    skipErrorToast: true,
  });
  return unwrap(response, shipPullsResultSchema);
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
