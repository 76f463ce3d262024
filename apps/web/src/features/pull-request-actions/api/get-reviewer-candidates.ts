import type { reviewerCandidatesResultSchema } from '@shipdeck/shared/pull-request-actions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import type { PullRequestRef } from '../pull-request-ref';
import { pullRequestApiPath, pullRequestActionsQueryKey } from './pull-request-api-path';

/** `GET …/reviewer-candidates?q=`: collaborators and teams that can see the repository. */
export async function getReviewerCandidates(ref: PullRequestRef, q: string, signal?: AbortSignal) {
  const response = await apiClient.get(`${pullRequestApiPath(ref)}/reviewer-candidates`, {
    params: { q },
    skipErrorToast: true,
    ...(signal ? { signal } : {}),
  });
  return unwrap<typeof reviewerCandidatesResultSchema>(response);
}

export function useReviewerCandidates(ref: PullRequestRef, q: string) {
  return useQuery(
    queryOptions({
      queryKey: [...pullRequestActionsQueryKey(ref), 'reviewer-candidates', q],
      queryFn: ({ signal }) => getReviewerCandidates(ref, q, signal),
      // The last answer stays while the next text's loads: the list does not blink per key.
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  );
}
