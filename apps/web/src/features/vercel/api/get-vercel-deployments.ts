import type { DeploymentFilter, DeploymentSort } from '@shipdeck/shared/vercel-constants';
import type { vercelDeploymentsResultSchema } from '@shipdeck/shared/vercel';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { syncingRefetch } from './syncing-refetch';

export type VercelDeploymentsParams = {
  limit: number;
  offset?: number;
  search?: string;
  filter?: DeploymentFilter;
  sort?: DeploymentSort;
  repository?: string;
};

/** Search, filter and sort are answered in SQL over every synced deployment. */
export async function getVercelDeployments({ search, ...params }: VercelDeploymentsParams) {
  const response = await apiClient.get('/api/vercel/deployments', {
    params: { ...params, search: search?.trim() || undefined },
    skipErrorToast: true,
  });
  return unwrap<typeof vercelDeploymentsResultSchema>(response);
}

export function getVercelDeploymentsQueryOptions(params: VercelDeploymentsParams) {
  return queryOptions({
    queryKey: ['vercel', 'deployments', params],
    queryFn: () => getVercelDeployments(params),
    placeholderData: keepPreviousData,
  });
}

export function useVercelDeployments(params: VercelDeploymentsParams, refetchInterval?: number) {
  return useQuery({
    ...getVercelDeploymentsQueryOptions(params),
    refetchInterval: syncingRefetch(refetchInterval),
  });
}
