import type { vercelProjectsResultSchema } from '@shipdeck/shared/vercel';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { syncingRefetch } from './syncing-refetch';

export type VercelProjectsParams = { limit: number; search?: string; repository?: string };

export async function getVercelProjects({ search, ...params }: VercelProjectsParams) {
  const response = await apiClient.get('/api/vercel/projects', {
    params: { ...params, search: search?.trim() || undefined },
    skipErrorToast: true,
  });
  return unwrap<typeof vercelProjectsResultSchema>(response);
}

export function getVercelProjectsQueryOptions(params: VercelProjectsParams) {
  return queryOptions({
    queryKey: ['vercel', 'projects', params],
    queryFn: () => getVercelProjects(params),
    placeholderData: keepPreviousData,
  });
}

export function useVercelProjects(params: VercelProjectsParams, refetchInterval?: number) {
  return useQuery({
    ...getVercelProjectsQueryOptions(params),
    refetchInterval: syncingRefetch(refetchInterval),
  });
}
