import type { InsightsWindow } from '@shipdeck/shared/insights-constants';
import type { teamDoraResultSchema } from '@shipdeck/shared/teams';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { retryUnlessNotFound } from './get-team';
import { teamApiPath, teamQueryKey } from './team-api-path';

/** DORA's four keys over the Vercel projects linked to the team's repositories. */
export async function getTeamDora(org: string, slug: string, days: InsightsWindow) {
  const response = await apiClient.get(`${teamApiPath(org, slug)}/dora`, {
    params: { days },
    skipErrorToast: true,
  });
  return unwrap<typeof teamDoraResultSchema>(response);
}

export function useTeamDora(org: string, slug: string, days: InsightsWindow) {
  return useQuery(
    queryOptions({
      queryKey: [...teamQueryKey(org, slug), 'dora', days],
      queryFn: () => getTeamDora(org, slug, days),
      placeholderData: keepPreviousData,
      retry: retryUnlessNotFound,
    }),
  );
}
