import type { languagesResultSchema } from '@shipdeck/shared/github';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { repoApiPath } from './repo-api-path';

/** The repository's languages by share of bytes, largest first. */
export async function getLanguages(owner: string, repo: string) {
  const response = await apiClient.get(`${repoApiPath(owner, repo)}/languages`, {
    skipErrorToast: true,
  });
  return unwrap<typeof languagesResultSchema>(response).languages;
}

export function getLanguagesQueryOptions(owner: string, repo: string) {
  return queryOptions({
    queryKey: ['github', 'repo', owner, repo, 'languages'],
    queryFn: () => getLanguages(owner, repo),
  });
}

export function useLanguages(owner: string, repo: string) {
  return useQuery(getLanguagesQueryOptions(owner, repo));
}
