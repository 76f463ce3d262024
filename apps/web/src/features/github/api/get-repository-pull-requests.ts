import type { pullStateSchema } from '@shipdeck/shared/github';
import type { shipPullsResultSchema } from '@shipdeck/shared/insights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { repoApiPath } from './repo-api-path';

type RepositoryPullRequestsParams = {
  owner: string;
  repo: string;
  state: (typeof pullStateSchema.options)[number];
  page: number;
  perPage: number;
};

export async function getRepositoryPullRequests({
  owner,
  repo,
  ...params
}: RepositoryPullRequestsParams) {
  const response = await apiClient.get(`${repoApiPath(owner, repo)}/pulls`, {
    params,
    skipErrorToast: true,
  });
  return unwrap<typeof shipPullsResultSchema>(response);
}

export function getRepositoryPullRequestsQueryOptions(params: RepositoryPullRequestsParams) {
  return queryOptions({
    queryKey: ['github', 'repo', params.owner, params.repo, 'pulls', params],
    queryFn: () => getRepositoryPullRequests(params),
  });
}

export function useRepositoryPullRequests(params: RepositoryPullRequestsParams) {
  return useQuery(getRepositoryPullRequestsQueryOptions(params));
}
