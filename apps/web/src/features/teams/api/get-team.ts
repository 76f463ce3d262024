import type { teamDetailResultSchema } from '@shipdeck/shared/teams';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { teamApiPath, teamQueryKey } from './team-api-path';

/** A team's members and the repositories the viewer can read (GET /api/teams/:org/:slug). */
export async function getTeam(org: string, slug: string) {
  const response = await apiClient.get(teamApiPath(org, slug), { skipErrorToast: true });
  return unwrap<typeof teamDetailResultSchema>(response);
}

/** A 404 is an answer (not my team, or no such team), not a failure worth asking again. */
export const retryUnlessNotFound = (failures: number, error: Error) =>
  !(error instanceof ApiError && error.status === 404) && failures < 2;

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function getTeamQueryOptions(org: string, slug: string) {
  return queryOptions({
    queryKey: [...teamQueryKey(org, slug), 'detail'],
    queryFn: () => getTeam(org, slug),
    retry: retryUnlessNotFound,
  });
}

export function useTeam(org: string, slug: string) {
  return useQuery(getTeamQueryOptions(org, slug));
}
