import {
  type PullRequestActions,
  pullRequestActionMessages,
} from '@shipdeck/shared/pull-request-actions';

/** Why an action is not offered, in the words the server's refusal would use. */
export function unavailableReason(
  actions: PullRequestActions,
  action: 'merge' | 'review' | 'rerun' | 'any',
): string | null {
  if (actions.state !== 'open' || actions.merged) return pullRequestActionMessages.notOpen;
  if (actions.archived) return pullRequestActionMessages.archived;
  if (actions.canPush === false && action !== 'review') return pullRequestActionMessages.readOnly;
  if (action === 'review' && actions.viewerIsAuthor)
    return pullRequestActionMessages.ownPullRequest;
  if (action === 'rerun' && actions.checks !== 'failing')
    return pullRequestActionMessages.noFailedChecks;
  return null;
}
