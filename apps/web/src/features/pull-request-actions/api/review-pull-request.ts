import type {
  pullRequestActionResultSchema,
  ReviewEvent,
} from '@shipdeck/shared/pull-request-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import type { PullRequestRef } from '../pull-request-ref';
import { pullRequestApiPath } from './pull-request-api-path';
import { refreshPullRequestViews } from './refresh-pull-request-views';

export type ReviewRequest = { event: ReviewEvent; body?: string };

/** `POST …/reviews {event, body}`: approve, or request changes with a comment. */
export async function reviewPullRequest(ref: PullRequestRef, review: ReviewRequest) {
  const response = await apiClient.post(`${pullRequestApiPath(ref)}/reviews`, review, {
    skipErrorToast: true,
  });
  return unwrap<typeof pullRequestActionResultSchema>(response);
}

export function useReviewPullRequest(ref: PullRequestRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewRequest) => reviewPullRequest(ref, review),
    // Not awaited: the dialog that asked says the outcome at once, before the lists are read
    // again (a merged row may leave its list, and the dialog with it).
    onSuccess: () => void refreshPullRequestViews(queryClient, ref),
  });
}
