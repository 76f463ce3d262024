import type { MergeMethod } from '@shipdeck/shared/insights';
import type { pullRequestActionResultSchema } from '@shipdeck/shared/pull-request-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import type { PullRequestRef } from '../pull-request-ref';
import { pullRequestApiPath } from './pull-request-api-path';
import { refreshPullRequestViews } from './refresh-pull-request-views';

/** On: `POST …/auto-merge {method}`; off: `DELETE …/auto-merge`. */
export type AutoMergeRequest = { on: true; method: MergeMethod } | { on: false };

export async function setAutoMerge(ref: PullRequestRef, request: AutoMergeRequest) {
  const path = `${pullRequestApiPath(ref)}/auto-merge`;
  const response = request.on
    ? await apiClient.post(path, { method: request.method }, { skipErrorToast: true })
    : await apiClient.delete(path, { skipErrorToast: true });
  return unwrap<typeof pullRequestActionResultSchema>(response);
}

export function useSetAutoMerge(ref: PullRequestRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AutoMergeRequest) => setAutoMerge(ref, request),
    // Not awaited: the dialog that asked says the outcome at once, before the lists are read
    // again (a merged row may leave its list, and the dialog with it).
    onSuccess: () => void refreshPullRequestViews(queryClient, ref),
  });
}
