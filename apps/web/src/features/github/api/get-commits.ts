import type { commitsResultSchema } from '@shipdeck/shared/github';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { repoApiPath } from './repo-api-path';

type CommitsParams = { owner: string; repo: string; page: number; perPage: number };

export async function getCommits({ owner, repo, page, perPage }: CommitsParams) {
  const response = await apiClient.get(`${repoApiPath(owner, repo)}/commits`, {
    params: { page, perPage },
    skipErrorToast: true,
  });
  return unwrap<typeof commitsResultSchema>(response);
}

export function getCommitsQueryOptions(params: CommitsParams) {
  return queryOptions({
    queryKey: ['github', 'repo', params.owner, params.repo, 'commits', params],
    queryFn: () => getCommits(params),
  });
}

export function useCommits(params: CommitsParams) {
  return useQuery(getCommitsQueryOptions(params));
}
