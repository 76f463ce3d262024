import { TEAM_GROUP_MAX_LIMIT } from '@shipdeck/shared/team-constants';
import type { TeamMember } from '@shipdeck/shared/teams';
import { Hourglass } from 'lucide-react';
import { useState } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { useTeamPullRequests } from '../api/get-team-pull-requests';
import { toPullRequestsQuery, useTeamFilters } from '../hooks/use-team-filters';
import { count, teamTexts, WAITING_ON_ORDER } from '../texts';
import { TeamPullRequestRow } from './team-pull-request-row';
import { WaitingOnFilters } from './waiting-on-filters';

type WaitingOnSectionProps = { org: string; slug: string; members: readonly TeamMember[] };

/** The team's open pull requests in three groups: on reviewers, on the author, ready to merge. */
export function WaitingOnSection({ org, slug, members }: WaitingOnSectionProps) {
  const { filters, setFilter } = useTeamFilters();
  // Each group answers its first rows; "Show all" asks again for every row of every group.
  const [showAll, setShowAll] = useState(false);
  const pulls = useTeamPullRequests(org, slug, {
    ...toPullRequestsQuery(filters),
    ...(showAll ? { limit: TEAM_GROUP_MAX_LIMIT } : {}),
  });
  const avatars = new Map(members.map((member) => [member.login, member.avatarUrl]));
  for (const group of pulls.data?.groups ?? []) {
    for (const pull of group.pullRequests) {
      if (pull.user && !avatars.has(pull.user.login))
        avatars.set(pull.user.login, pull.user.avatar_url);
    }
  }

  return (
    <Card aria-labelledby="team-waiting-title">
      <CardHeader
        icon={<Hourglass />}
        title={teamTexts.waitingTitle}
        titleId="team-waiting-title"
        description={teamTexts.waitingDescription}
        action={
          pulls.isFetching && pulls.data ? <Spinner label="Updating…" className="size-3.5" /> : null
        }
      />
      <CardBody className="space-y-4">
        <WaitingOnFilters filters={filters} members={members} onChange={setFilter} />
        {pulls.isPending ? (
          <div className="flex justify-center py-10 text-sm text-zinc-600 dark:text-zinc-400">
            <Spinner label="Loading pull requests…" />
          </div>
        ) : pulls.isError ? (
          <LoadError
            title={teamTexts.loadPullRequests}
            error={pulls.error}
            onRetry={() => void pulls.refetch()}
            retrying={pulls.isFetching}
          />
        ) : (
          <>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {pulls.data.total === 0
                ? teamTexts.nothingOpen
                : `${count(pulls.data.total, 'open pull request')}.`}{' '}
              {pulls.data.syncedAt ? (
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  Synced <RelativeTime value={pulls.data.syncedAt} />.
                </span>
              ) : null}
            </p>
            {WAITING_ON_ORDER.map((kind) => {
              const group = pulls.data.groups.find((candidate) => candidate.kind === kind);
              const rows = group?.pullRequests ?? [];
              const total = group?.total ?? rows.length;
              const headingId = `team-group-${kind}`;
              return (
                <section key={kind} aria-labelledby={headingId}>
                  <h3
                    id={headingId}
                    className="flex items-baseline gap-2 text-sm font-semibold text-zinc-900 dark:text-zinc-50"
                  >
                    {teamTexts.groups[kind]}
                    <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">
                      {total}
                    </span>
                  </h3>
                  <p className="text-xs text-zinc-500 dark:text-zinc-400">
                    {teamTexts.groupHints[kind]}
                  </p>
                  {rows.length === 0 ? (
                    <p className="mt-2 rounded-md border border-dashed border-zinc-300 px-4 py-3 text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
                      {teamTexts.emptyGroup}
                    </p>
                  ) : (
                    <ul className="mt-2 divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
                      {rows.map((pull) => (
                        <TeamPullRequestRow key={pull.id} pullRequest={pull} avatars={avatars} />
                      ))}
                    </ul>
                  )}
                  {rows.length < total ? (
                    <button
                      type="button"
                      onClick={() => setShowAll(true)}
                      disabled={showAll}
                      className="mt-2 cursor-pointer text-sm font-medium text-blue-600 hover:underline disabled:cursor-default disabled:no-underline disabled:opacity-70 dark:text-blue-400"
                    >
                      {showAll ? teamTexts.showingAll : teamTexts.showAll(total)}
                    </button>
                  ) : null}
                </section>
              );
            })}
          </>
        )}
      </CardBody>
    </Card>
  );
}
