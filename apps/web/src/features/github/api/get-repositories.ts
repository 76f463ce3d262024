import type { RepositoryFilter, RepositorySort } from '@shipdeck/shared/github';
import type { reposResultSchema } from '@shipdeck/shared/github';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export type RepositoriesParams = {
  page: number;
  perPage: number;
  q?: string;
  filter: RepositoryFilter;
  sort: RepositorySort;
};

/** Search, filter and sort run on the server over all of the user's repositories. */
export async function getRepositories({ q, ...params }: RepositoriesParams) {
  const response = await apiClient.get('/api/github/repos', {
    params: { ...params, q: q?.trim() || undefined },
    skipErrorToast: true,
  });
  return unwrap<typeof reposResultSchema>(response);
}

export function getRepositoriesQueryOptions(params: RepositoriesParams) {
  return queryOptions({
    queryKey: ['github', 'repos', params],
    queryFn: () => getRepositories(params),
    placeholderData: keepPreviousData,
  });
}

export function useRepositories(
  params: RepositoriesParams,
  { refetchInterval }: { refetchInterval?: number } = {},
) {
  return useQuery({ ...getRepositoriesQueryOptions(params), refetchInterval });
}
