import type { vercelOptionsSchema } from '@shipdeck/shared/vercel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export async function getVercelOptions() {
  return unwrap<typeof vercelOptionsSchema>(await apiClient.get('/auth/vercel/options'));
}

export function getVercelOptionsQueryOptions() {
  return queryOptions({ queryKey: ['vercel', 'options'], queryFn: getVercelOptions });
}

export function useVercelOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getVercelOptionsQueryOptions(), enabled });
}
