import { formatDuration } from '@shipdeck/shared/insights-constants';
import { Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useReviewLoad } from '../api/get-review-load';
import { teamTexts } from '../texts';

// The chart code arrives with the chart, not with the page.
const ReviewLoadBars = lazy(() => import('./review-load-bars'));

const cell = 'px-3 py-2 text-right tabular-nums';

/** Who carries the team's reviews: a chart of open requests, then every figure in a table. */
export function ReviewLoadSection({ org, slug }: { org: string; slug: string }) {
  const load = useReviewLoad(org, slug);
  return (
    <Card aria-labelledby="team-review-load-title">
      <CardHeader
        icon={<Users />}
        title={teamTexts.reviewLoadTitle}
        titleId="team-review-load-title"
        description={teamTexts.reviewLoadDescription}
      />
      <CardBody className="space-y-4">
        {load.isPending ? (
          <div className="flex justify-center py-10 text-sm text-zinc-600 dark:text-zinc-400">
            <Spinner label="Loading review load…" />
          </div>
        ) : load.isError ? (
          <LoadError
            title={teamTexts.loadReviewLoad}
            error={load.error}
            onRetry={() => void load.refetch()}
            retrying={load.isFetching}
          />
        ) : (
          <>
            {/* Fixed height, so the bars arriving later shift nothing; the table says the same. */}
            <div
              aria-hidden="true"
              className="h-48 w-full text-zinc-500 dark:text-zinc-400"
              // A few members get bars of a sensible width, not the whole card's.
              style={{ maxWidth: `${load.data.members.length * 96 + 48}px` }}
            >
              <Suspense fallback={null}>
                <ReviewLoadBars members={load.data.members} />
              </Suspense>
            </div>
            {/* Focusable, so the part scrolled out of view on a phone is reachable by keyboard. */}
            <div
              tabIndex={0}
              role="region"
              aria-label="Review load table"
              className="-mx-4 overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-600 sm:mx-0"
            >
              <table className="w-full min-w-[36rem] text-sm">
                <caption className="sr-only">
                  Review load per member: open review requests, reviews given and median time to
                  first review
                </caption>
                <thead className="text-xs text-zinc-600 dark:text-zinc-400">
                  <tr className="border-b border-zinc-200 dark:border-zinc-800">
                    <th scope="col" className="px-3 py-2 text-left font-medium">
                      Member
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Asked directly
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Through a team
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Reviews, 7 days
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Reviews, 30 days
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Median to first review
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-100 text-zinc-800 dark:divide-zinc-800 dark:text-zinc-200">
                  {load.data.members.map((member) => (
                    <tr key={member.login}>
                      <th scope="row" className="px-3 py-2 text-left font-normal">
                        <span className="flex items-center gap-2">
                          <Avatar name={member.login} src={member.avatarUrl} size="sm" />
                          <span className="min-w-0">
                            <span className="block font-medium">{member.login}</span>
                            {member.hasAccount ? null : (
                              <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                                {teamTexts.noAccount}
                              </span>
                            )}
                          </span>
                        </span>
                      </th>
                      <td className={cell}>{member.openRequests.direct}</td>
                      <td className={cell}>{member.openRequests.viaTeam}</td>
                      <td className={cell}>{member.reviewsGiven.last7Days}</td>
                      <td className={cell}>{member.reviewsGiven.last30Days}</td>
                      <td className={cell}>
                        {member.medianFirstReviewMinutes === null
                          ? '—'
                          : formatDuration(member.medianFirstReviewMinutes)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardBody>
    </Card>
  );
}
