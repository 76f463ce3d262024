import type { teamsResultSchema } from '@shipdeck/shared/teams';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

/** The teams GitHub lists for the signed-in person's token (GET /api/teams). */
export async function getTeams() {
  const response = await apiClient.get('/api/teams', { skipErrorToast: true });
  return unwrap<typeof teamsResultSchema>(response);
}

export function getTeamsQueryOptions() {
  return queryOptions({ queryKey: ['teams'], queryFn: getTeams });
}

/** `enabled` is false without a GitHub connection: there are no teams to ask for. */
export function useTeams(enabled: boolean) {
  return useQuery({ ...getTeamsQueryOptions(), enabled });
}
