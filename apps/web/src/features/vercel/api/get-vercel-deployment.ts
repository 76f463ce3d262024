import type { vercelDeploymentDetailSchema } from '@shipdeck/shared/vercel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export async function getVercelDeployment(id: string) {
  const response = await apiClient.get(`/api/vercel/deployments/${encodeURIComponent(id)}`, {
    skipErrorToast: true,
  });
  return unwrap<typeof vercelDeploymentDetailSchema>(response);
}

export function getVercelDeploymentQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['vercel', 'deployment', id],
    queryFn: () => getVercelDeployment(id),
  });
}

export function useVercelDeployment(id: string) {
  return useQuery(getVercelDeploymentQueryOptions(id));
}
