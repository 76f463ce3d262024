import type { reviewLoadResultSchema } from '@shipdeck/shared/teams';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { retryUnlessNotFound } from './get-team';
import { teamApiPath, teamQueryKey } from './team-api-path';

/** Each member's open review requests, reviews given and time to first review. */
export async function getReviewLoad(org: string, slug: string) {
  const response = await apiClient.get(`${teamApiPath(org, slug)}/review-load`, {
    skipErrorToast: true,
  });
  return unwrap<typeof reviewLoadResultSchema>(response);
}

export function useReviewLoad(org: string, slug: string) {
  return useQuery(
    queryOptions({
      queryKey: [...teamQueryKey(org, slug), 'review-load'],
      queryFn: () => getReviewLoad(org, slug),
      retry: retryUnlessNotFound,
    }),
  );
}
