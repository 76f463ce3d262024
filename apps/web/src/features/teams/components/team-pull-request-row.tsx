import { truncation } from '@shipdeck/shared/constants';
import type { TeamPullRequest } from '@shipdeck/shared/teams';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { ShipStatusChips } from '@/components/ship-status/ship-status-chips';
import { PullRequestActionsButton } from '@/features/pull-request-actions/components/pull-request-actions-button';
import { RerunChecksButton } from '@/features/pull-request-actions/components/rerun-checks-button';
import { Badge } from '@/components/ui/badge';
import { RelativeTime } from '@/components/ui/relative-time';
import { paths } from '@/config/paths';
import { externalUrl } from '@/utils/external-url';
import { truncate } from '@/utils/truncate';
import { PeopleAvatars } from './people-avatars';

type TeamPullRequestRowProps = {
  pullRequest: TeamPullRequest;
  avatars: ReadonlyMap<string, string>;
};

/** One waiting pull request: what it is, how old and how quiet, where it stands, and on whom it waits. */
export function TeamPullRequestRow({ pullRequest, avatars }: TeamPullRequestRowProps) {
  const [owner, name] = pullRequest.repository.split('/');
  const { waitingOn } = pullRequest;
  const people = [...waitingOn.logins];
  return (
    <li className="flex flex-col gap-1.5 px-4 py-3.5 sm:px-5">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        {owner && name ? (
          <Link
            to={paths.repo(owner, name)}
            className="min-w-0 font-medium wrap-anywhere text-zinc-600 hover:text-zinc-900 hover:underline dark:text-zinc-400 dark:hover:text-zinc-100"
          >
            {pullRequest.repository}
          </Link>
        ) : (
          <span className="min-w-0 font-medium wrap-anywhere text-zinc-600 dark:text-zinc-400">
            {pullRequest.repository}
          </span>
        )}
        {pullRequest.draft ? (
          <Badge variant="secondary" size="sm">
            Draft
          </Badge>
        ) : null}
        <span className="-my-1.5 ml-auto">
          <PullRequestActionsButton pullRequest={pullRequest} />
        </span>
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
        <RelativeTime value={pullRequest.created_at} prefix="opened" />
        <span aria-hidden="true">·</span>
        <RelativeTime value={pullRequest.lastActivityAt} prefix="last activity" />
      </p>
      <ShipStatusChips
        status={pullRequest}
        checksAction={<RerunChecksButton pullRequest={pullRequest} />}
      />
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-300">
        <span className="font-medium text-zinc-700 dark:text-zinc-200">Waiting on</span>
        <PeopleAvatars logins={people} avatars={avatars} />
        <span className="min-w-0 wrap-anywhere">
          {[...people, ...waitingOn.teams.map((team) => `@${team}`)].join(', ') ||
            'whoever may merge'}
        </span>
        <span aria-hidden="true">·</span>
        <span className="wrap-anywhere">{waitingOn.reason}</span>
      </p>
    </li>
  );
}
