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
      <Badge className="border-violet-200 bg-violet-50 text-violet-700 dark:border-violet-900 dark:bg-violet-950 dark:text-violet-300">
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
