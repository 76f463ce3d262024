import type { repositoryResultSchema } from '@shipdeck/shared/github';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { repoApiPath } from './repo-api-path';

export async function getRepository(owner: string, repo: string) {
  const response = await apiClient.get(repoApiPath(owner, repo), { skipErrorToast: true });
  return unwrap<typeof repositoryResultSchema>(response).repository;
}

export function getRepositoryQueryOptions(owner: string, repo: string) {
  return queryOptions({
    queryKey: ['github', 'repo', owner, repo],
    queryFn: () => getRepository(owner, repo),
  });
}

export function useRepository(owner: string, repo: string) {
  return useQuery(getRepositoryQueryOptions(owner, repo));
}
