import type {
  pullRequestActionResultSchema,
  RequestReviewersBody,
} from '@shipdeck/shared/pull-request-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import type { PullRequestRef } from '../pull-request-ref';
import { pullRequestApiPath } from './pull-request-api-path';
import { refreshPullRequestViews } from './refresh-pull-request-views';

/** `POST …/requested-reviewers {reviewers, teamReviewers}`. */
export async function requestReviewers(ref: PullRequestRef, body: RequestReviewersBody) {
  const response = await apiClient.post(`${pullRequestApiPath(ref)}/requested-reviewers`, body, {
    skipErrorToast: true,
  });
  return unwrap<typeof pullRequestActionResultSchema>(response);
}

export function useRequestReviewers(ref: PullRequestRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestReviewersBody) => requestReviewers(ref, body),
    // Not awaited: the dialog that asked says the outcome at once, before the lists are read
    // again (a merged row may leave its list, and the dialog with it).
    onSuccess: () => void refreshPullRequestViews(queryClient, ref),
  });
}
