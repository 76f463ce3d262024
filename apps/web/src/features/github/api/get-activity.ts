import type { activityResultSchema } from '@shipdeck/shared/github';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

/** Repositories pushed within the window, and commits and pull requests per day. */
export async function getActivity(days: number) {
  const response = await apiClient.get('/api/github/activity', {
    params: { days },
    skipErrorToast: true,
  });
  return unwrap<typeof activityResultSchema>(response);
}

export function getActivityQueryOptions(days: number) {
  return queryOptions({ queryKey: ['github', 'activity', days], queryFn: () => getActivity(days) });
}

export function useActivity(days: number) {
  return useQuery(getActivityQueryOptions(days));
}
