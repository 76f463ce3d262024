import type { vercelStatusResultSchema } from '@shipdeck/shared/vercel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { syncingRefetch } from './syncing-refetch';

export async function getVercelStatus() {
  const response = await apiClient.get('/api/vercel/status', { skipErrorToast: true });
  return unwrap<typeof vercelStatusResultSchema>(response);
}

export function getVercelStatusQueryOptions() {
  return queryOptions({ queryKey: ['vercel', 'status'], queryFn: getVercelStatus });
}

export function useVercelStatus(refetchInterval?: number) {
  return useQuery({
    ...getVercelStatusQueryOptions(),
    refetchInterval: syncingRefetch(refetchInterval),
  });
}
