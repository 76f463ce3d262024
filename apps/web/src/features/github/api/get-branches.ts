import type { branchesResultSchema } from '@shipdeck/shared/github';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { repoApiPath } from './repo-api-path';

export async function getBranches(owner: string, repo: string) {
  const response = await apiClient.get(`${repoApiPath(owner, repo)}/branches`, {
    skipErrorToast: true,
  });
  return unwrap<typeof branchesResultSchema>(response).branches;
}

export function getBranchesQueryOptions(owner: string, repo: string) {
  return queryOptions({
    queryKey: ['github', 'repo', owner, repo, 'branches'],
    queryFn: () => getBranches(owner, repo),
  });
}

export function useBranches(owner: string, repo: string) {
  return useQuery(getBranchesQueryOptions(owner, repo));
}
