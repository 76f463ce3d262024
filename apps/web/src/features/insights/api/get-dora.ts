import type { InsightsWindow } from '@shipdeck/shared/insights-constants';
import type { doraResultSchema } from '@shipdeck/shared/insights';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export type DoraParams = { days: InsightsWindow; repo: string | null };

/** DORA's four keys over the window, for one repository or all of them. */
export async function getDora({ days, repo }: DoraParams) {
  const response = await apiClient.get('/api/insights/dora', {
    params: { days, repo: repo ?? undefined },
    skipErrorToast: true,
  });
  return unwrap<typeof doraResultSchema>(response);
}

export function getDoraQueryOptions(params: DoraParams) {
  return queryOptions({
    queryKey: ['insights', 'dora', params],
    queryFn: () => getDora(params),
    placeholderData: keepPreviousData,
  });
}

export function useDora(params: DoraParams) {
  return useQuery(getDoraQueryOptions(params));
}
