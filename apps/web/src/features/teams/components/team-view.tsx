import { ArrowLeft, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isNotFound, useTeam } from '../api/get-team';
import { useTeams } from '../api/get-teams';
import { teamTexts } from '../texts';
import { ReviewLoadSection } from './review-load-section';
import { RemindersSection } from './reminders-section';
import { TeamDoraSection } from './team-dora-section';
import { TeamHeader } from './team-header';
import { WaitingOnSection } from './waiting-on-section';

/** The team page: who the team is, what its work waits on, who reviews, DORA, reminders. */
export function TeamView({ org, slug }: { org: string; slug: string }) {
  const team = useTeam(org, slug);
  // The list says why teams may be missing (a token without read:org) where a 404 alone cannot.
  const teams = useTeams(true);
  const notice = teams.data?.notice ?? null;

  return (
    <>
      <Link
        to={paths.dashboard}
        className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {teamTexts.backToDashboard}
      </Link>
      {notice ? (
        <Alert variant="info" className="mb-4">
          {notice}
        </Alert>
      ) : null}
      {team.isPending ? (
        <div className="flex justify-center py-16 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner label="Loading team…" />
        </div>
      ) : team.isError ? (
        isNotFound(team.error) ? (
          <>
            <h1 className="sr-only">{`${org}/${slug}`}</h1>
            <EmptyState
              icon={<UsersRound />}
              title={teamTexts.notFoundTitle}
              description={teamTexts.notFoundDescription}
              action={
                <Button asChild variant="outline">
                  <Link to={paths.dashboard}>Go to Dashboard</Link>
                </Button>
              }
            />
          </>
        ) : (
          <LoadError
            title={teamTexts.loadTeam}
            error={team.error}
            onRetry={() => void team.refetch()}
            retrying={team.isFetching}
          />
        )
      ) : (
        <>
          <TeamHeader detail={team.data} />
          <div className="space-y-6">
            <WaitingOnSection org={org} slug={slug} members={team.data.members} />
            <ReviewLoadSection org={org} slug={slug} />
            <TeamDoraSection org={org} slug={slug} />
            <RemindersSection org={org} slug={slug} />
          </div>
        </>
      )}
    </>
  );
}
