import type { QueryClient } from '@tanstack/react-query';
import { notificationsQueryKey } from '@/features/notifications/api/get-notifications';
import type { PullRequestRef } from '../pull-request-ref';
import { pullRequestActionsQueryKey } from './pull-request-api-path';

/**
 * Every list that shows the pull request reads it again after an action: `/pull-requests`
 * (['github', 'pull-requests', …]), the repository page (['github', 'repo', …]), team pages
 * (['teams', …]), the inbox and bell (notificationsQueryKey), the palette's search, and the
 * actions answer itself. Prefixes, so every page and filter of each is covered.
 */
export function refreshPullRequestViews(
  queryClient: QueryClient,
  ref: Pick<PullRequestRef, 'repository' | 'number'>,
): Promise<unknown> {
  return Promise.all(
    [
      ['github', 'pull-requests'],
      ['github', 'repo'],
      ['teams'],
      notificationsQueryKey,
      ['search'],
      pullRequestActionsQueryKey(ref),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
