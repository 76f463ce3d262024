import type { UserStats, statsResultSchema } from '@shipdeck/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export async function getStats(): Promise<UserStats> {
  const response = await apiClient.get('/auth/stats');
  return unwrap<typeof statsResultSchema>(response).stats;
}

export function getStatsQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'stats'],
    queryFn: getStats,
  });
}

export function useStats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getStatsQueryOptions(), enabled });
}
