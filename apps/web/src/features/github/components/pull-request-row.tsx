import { truncation } from '@shipdeck/shared/constants';
import type { PullRequest } from '@shipdeck/shared/github';
import type { ShipPullRequest } from '@shipdeck/shared/insights';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { RelativeTime } from '@/components/ui/relative-time';
import { paths } from '@/config/paths';
import { truncate } from '@/utils/truncate';
import { externalUrl } from '@/utils/external-url';
import { ShipStatusChips } from '@/components/ship-status/ship-status-chips';
import { PullRequestActionsButton } from '@/features/pull-request-actions/components/pull-request-actions-button';
import { RerunChecksButton } from '@/features/pull-request-actions/components/rerun-checks-button';
import { PullRequestStateBadge } from './pull-request-state-badge';

function repositoryLink(fullName: string): string | null {
  const [owner, name, ...rest] = fullName.split('/');
  return owner && name && rest.length === 0 ? paths.repo(owner, name) : null;
}

/** One pull request on the pull-requests page: where it lives, what it is, where it stands. */
export function PullRequestRow({ pullRequest }: { pullRequest: PullRequest | ShipPullRequest }) {
  const repoPath = repositoryLink(pullRequest.repository);
  // Merged and closed pull requests have nothing left to act on.
  const open = pullRequest.state === 'open' && !pullRequest.merged;
  return (
    <li className="flex flex-col gap-1.5 px-4 py-3.5 sm:px-5">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        {repoPath ? (
          <Link
            to={repoPath}
            className="min-w-0 font-medium wrap-anywhere text-zinc-600 hover:text-zinc-900 hover:underline dark:text-zinc-400 dark:hover:text-zinc-100"
          >
            {pullRequest.repository}
          </Link>
        ) : (
          <span className="min-w-0 font-medium wrap-anywhere text-zinc-600 dark:text-zinc-400">
            {pullRequest.repository}
          </span>
        )}
        <PullRequestStateBadge pullRequest={pullRequest} />
        {open ? (
          <span className="-my-1.5 ml-auto">
            <PullRequestActionsButton pullRequest={pullRequest} />
          </span>
        ) : null}
      </div>
      <a
        href={externalUrl(pullRequest.html_url)}
        target="_blank"
        rel="noopener noreferrer"
        className="group min-w-0 text-sm font-semibold wrap-anywhere text-zinc-900 hover:text-blue-700 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-zinc-50 dark:hover:text-blue-400"
      >
        {truncate(pullRequest.title, truncation.pullRequestTitle)}{' '}
        <span className="font-normal text-zinc-500 dark:text-zinc-400">#{pullRequest.number}</span>
        <ExternalLink
          aria-hidden="true"
          className="ml-1 inline size-3.5 align-[-2px] text-zinc-400 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100"
        />
        <span className="sr-only"> (opens on GitHub)</span>
      </a>
      <p className="flex flex-wrap gap-x-1 text-xs text-zinc-500 dark:text-zinc-400">
        <span className="wrap-anywhere">{pullRequest.user?.login ?? 'Unknown author'}</span>
        <span aria-hidden="true">·</span>
        <RelativeTime value={pullRequest.updated_at} prefix="updated" />
      </p>
      {'review' in pullRequest ? (
        <ShipStatusChips
          status={pullRequest}
          checksAction={open ? <RerunChecksButton pullRequest={pullRequest} /> : null}
        />
      ) : null}
    </li>
  );
}
