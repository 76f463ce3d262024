import type { pullRequestActionsSchema } from '@shipdeck/shared/pull-request-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import type { PullRequestRef } from '../pull-request-ref';
import { pullRequestActionsQueryKey, pullRequestApiPath } from './pull-request-api-path';

/** `GET …/pulls/:number/actions`: what this person may do on it, read from the store. */
export async function getPullRequestActions(ref: Pick<PullRequestRef, 'repository' | 'number'>) {
  const response = await apiClient.get(`${pullRequestApiPath(ref)}/actions`, {
    skipErrorToast: true,
  });
  return unwrap<typeof pullRequestActionsSchema>(response);
}

export function getPullRequestActionsQueryOptions(
  ref: Pick<PullRequestRef, 'repository' | 'number'>,
) {
  return queryOptions({
    queryKey: pullRequestActionsQueryKey(ref),
    queryFn: () => getPullRequestActions(ref),
    // Asked again on each open of a menu a while later: a push or a merge elsewhere changes it.
    staleTime: 15_000,
  });
}

export function usePullRequestActions(
  ref: Pick<PullRequestRef, 'repository' | 'number'>,
  enabled = true,
) {
  return useQuery({ ...getPullRequestActionsQueryOptions(ref), enabled });
}
