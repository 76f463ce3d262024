import { pageSizes, truncation } from '@shipdeck/shared/constants';
import type { PullRequest } from '@shipdeck/shared/github';
import type { ShipPullRequest } from '@shipdeck/shared/insights';
import { GitPullRequest } from 'lucide-react';
import { RelativeTime } from '@/components/ui/relative-time';
import { singleLine, truncate } from '@/utils/truncate';
import { externalUrl } from '@/utils/external-url';
import { ShipStatusChips } from '@/components/ship-status/ship-status-chips';
import { PullRequestActionsButton } from '@/features/pull-request-actions/components/pull-request-actions-button';
import { RerunChecksButton } from '@/features/pull-request-actions/components/rerun-checks-button';
import { useRepositoryPullRequests } from '../api/get-repository-pull-requests';
import { PullRequestStateBadge } from './pull-request-state-badge';
import { RepositorySectionList } from './repository-section-list';

function PullRequestItem({ pullRequest }: { pullRequest: PullRequest | ShipPullRequest }) {
  const excerpt = truncate(singleLine(pullRequest.body), truncation.pullRequestBody);
  const open = pullRequest.state === 'open' && !pullRequest.merged;
  return (
    <li className="px-4 py-3 sm:px-5">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <a
          href={externalUrl(pullRequest.html_url)}
          target="_blank"
          rel="noopener noreferrer"
          className="min-w-0 text-sm font-medium wrap-anywhere text-zinc-900 hover:text-blue-700 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-zinc-100 dark:hover:text-blue-400"
        >
          {truncate(pullRequest.title, truncation.pullRequestTitle)}
          <span className="sr-only"> (opens on GitHub)</span>
        </a>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">#{pullRequest.number}</span>
        <PullRequestStateBadge pullRequest={pullRequest} />
        {open ? (
          <span className="-my-1.5 ml-auto">
            <PullRequestActionsButton pullRequest={pullRequest} />
          </span>
        ) : null}
      </div>
      <p className="mt-0.5 flex flex-wrap gap-x-1 text-xs text-zinc-500 dark:text-zinc-400">
        <span className="wrap-anywhere">{pullRequest.user?.login ?? 'Unknown author'}</span>
        <span aria-hidden="true">·</span>
        <RelativeTime value={pullRequest.created_at} prefix="opened" />
      </p>
      {excerpt ? (
        <p className="mt-1.5 text-sm wrap-anywhere text-zinc-600 dark:text-zinc-400">{excerpt}</p>
      ) : null}
      {'review' in pullRequest ? (
        <div className="mt-2">
          <ShipStatusChips
            status={pullRequest}
            checksAction={open ? <RerunChecksButton pullRequest={pullRequest} /> : null}
          />
        </div>
      ) : null}
    </li>
  );
}

/** The repository's ten most recent pull requests in any state. */
export function RepositoryPullRequestList({
  owner,
  repo,
  loadingLabel,
}: {
  owner: string;
  repo: string;
  loadingLabel: string;
}) {
  const query = useRepositoryPullRequests({
    owner,
    repo,
    state: 'all',
    page: 1,
    perPage: pageSizes.repoPagePullRequests,
  });
  return (
    <RepositorySectionList
      query={query}
      getItems={(data) => data.pullRequests}
      getItemKey={(pullRequest) => pullRequest.id}
      renderItem={(pullRequest) => <PullRequestItem pullRequest={pullRequest} />}
      loadingLabel={loadingLabel}
      emptyIcon={<GitPullRequest />}
      emptyTitle="No pull requests yet"
    />
  );
}
