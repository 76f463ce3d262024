import type { rerunFailedChecksResultSchema } from '@shipdeck/shared/pull-request-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import type { PullRequestRef } from '../pull-request-ref';
import { pullRequestApiPath } from './pull-request-api-path';
import { refreshPullRequestViews } from './refresh-pull-request-views';

/** `POST …/rerun-failed-checks`: Actions runs and check suites again; classic statuses cannot. */
export async function rerunFailedChecks(ref: Pick<PullRequestRef, 'repository' | 'number'>) {
  const response = await apiClient.post(
    `${pullRequestApiPath(ref)}/rerun-failed-checks`,
    {},
    { skipErrorToast: true },
  );
  return unwrap<typeof rerunFailedChecksResultSchema>(response);
}

export function useRerunFailedChecks(ref: Pick<PullRequestRef, 'repository' | 'number'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rerunFailedChecks(ref),
    // The ship-status line shows "Re-running" from the lists' next answer.
    // Not awaited: the dialog that asked says the outcome at once, before the lists are read
    // again (a merged row may leave its list, and the dialog with it).
    onSuccess: () => void refreshPullRequestViews(queryClient, ref),
  });
}
