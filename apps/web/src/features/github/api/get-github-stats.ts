import type { statsResultSchema } from '@shipdeck/shared/github';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

/** Totals over the user's repositories, with the change against last month where known. */
export async function getGithubStats() {
  const response = await apiClient.get('/api/github/stats', { skipErrorToast: true });
  return unwrap<typeof statsResultSchema>(response);
}

export function getGithubStatsQueryOptions() {
  return queryOptions({
    queryKey: ['github', 'stats'],
    queryFn: getGithubStats,
  });
}

export function useGithubStats({ refetchInterval }: { refetchInterval?: number } = {}) {
  return useQuery({ ...getGithubStatsQueryOptions(), refetchInterval });
}
