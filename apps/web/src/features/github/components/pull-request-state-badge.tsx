import type { PullRequest } from '@shipdeck/shared/github';
import { GitMerge, GitPullRequest, GitPullRequestClosed } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

type PullRequestState = 'merged' | 'closed' | 'open';

/** Spec §4: merged takes precedence, then closed, then open. */
export function pullRequestState(
  pullRequest: Pick<PullRequest, 'merged' | 'merged_at' | 'state'>,
): PullRequestState {
  if (pullRequest.merged || pullRequest.merged_at !== null) return 'merged';
  return pullRequest.state === 'closed' ? 'closed' : 'open';
}

type PullRequestStateBadgeProps = {
  pullRequest: Pick<PullRequest, 'merged' | 'merged_at' | 'state' | 'draft'>;
};

export function PullRequestStateBadge({ pullRequest }: PullRequestStateBadgeProps) {
  const state = pullRequestState(pullRequest);
  if (state === 'merged') {
    return (
      <Badge variant="merged">
        <GitMerge aria-hidden="true" />
        Merged
      </Badge>
    );
  }
  if (state === 'closed') {
    return (
      <Badge variant="danger">
        <GitPullRequestClosed aria-hidden="true" />
        Closed
      </Badge>
    );
  }
  return (
    <>
      <Badge variant="success">
        <GitPullRequest aria-hidden="true" />
        Open
      </Badge>
      {pullRequest.draft ? <Badge variant="secondary">Draft</Badge> : null}
    </>
  );
}
