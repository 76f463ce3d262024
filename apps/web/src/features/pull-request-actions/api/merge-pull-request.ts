import type { MergeMethod } from '@shipdeck/shared/insights';
import type { pullRequestActionResultSchema } from '@shipdeck/shared/pull-request-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import type { PullRequestRef } from '../pull-request-ref';
import { pullRequestApiPath } from './pull-request-api-path';
import { refreshPullRequestViews } from './refresh-pull-request-views';

export type MergeRequest = { method: MergeMethod; expectedHeadSha: string };

/** `POST …/merge`: GitHub merges only if the head is still the commit the page showed. */
export async function mergePullRequest(ref: PullRequestRef, body: MergeRequest) {
  // The dialog shows a refusal itself, with GitHub's reason.
  const response = await apiClient.post(`${pullRequestApiPath(ref)}/merge`, body, {
    skipErrorToast: true,
  });
  return unwrap<typeof pullRequestActionResultSchema>(response);
}

export function useMergePullRequest(ref: PullRequestRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MergeRequest) => mergePullRequest(ref, body),
    // Not awaited: the dialog that asked says the outcome at once, before the lists are read
    // again (a merged row may leave its list, and the dialog with it).
    onSuccess: () => void refreshPullRequestViews(queryClient, ref),
  });
}
