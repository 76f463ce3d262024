import type { teamPullRequestsResultSchema } from '@shipdeck/shared/teams';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import type { TeamPullRequestsParams } from '../hooks/use-team-filters';
import { retryUnlessNotFound } from './get-team';
import { teamApiPath, teamQueryKey } from './team-api-path';

/** The team's open pull requests grouped by who they wait on, filtered on the server. */
export async function getTeamPullRequests(
  org: string,
  slug: string,
  filters: TeamPullRequestsParams,
) {
  const response = await apiClient.get(`${teamApiPath(org, slug)}/pull-requests`, {
    params: filters,
    skipErrorToast: true,
  });
  return unwrap<typeof teamPullRequestsResultSchema>(response);
}

export function useTeamPullRequests(org: string, slug: string, filters: TeamPullRequestsParams) {
  return useQuery(
    queryOptions({
      queryKey: [...teamQueryKey(org, slug), 'pull-requests', filters],
      queryFn: () => getTeamPullRequests(org, slug, filters),
      placeholderData: keepPreviousData,
      retry: retryUnlessNotFound,
    }),
  );
}
