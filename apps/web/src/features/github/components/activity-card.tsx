import { ACTIVITY_WINDOW_DAYS } from '@shipdeck/shared/constants';
import { errorMessages } from '@shipdeck/shared/messages';
import { Activity } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useHydrated } from '@/hooks/use-hydrated';
import { cx } from '@/utils/cx';
import { formatNumber } from '@/utils/format-number';
import { useActivity } from '../api/get-activity';
import { GithubLoadError } from './github-load-error';

// The chart code arrives only with the dashboard card that draws it.
const ActivityChart = lazy(() => import('./activity-chart'));

/**
 * Holds the chart's 220 px; while the activity itself loads, also the totals line's 24 px above
 * it, so nothing below moves when the data arrives (layout shift).
 */
function ChartSpinner({ withTotals = false }: { withTotals?: boolean }) {
  return (
    <div
      className={cx(
        'flex items-center justify-center text-sm text-zinc-500 dark:text-zinc-400',
        withTotals ? 'h-[244px]' : 'h-[220px]',
      )}
    >
      <Spinner label="Loading activity…" />
    </div>
  );
}

/** The dashboard's activity chart: your commits and pull requests per day. */
export function ActivityCard() {
  const query = useActivity(ACTIVITY_WINDOW_DAYS);
  // The chart measures its box and loads its code in the browser: a page the server drew shows
  // the spinner until it has hydrated (a lazy part would suspend the server's render).
  const hydrated = useHydrated();
  const totals = (query.data?.daily ?? []).reduce(
    (sum, day) => ({
      commits: sum.commits + day.commits,
      pullRequests: sum.pullRequests + day.pullRequests,
    }),
    { commits: 0, pullRequests: 0 },
  );
  return (
    <Card aria-labelledby="activity-title">
      <CardHeader
        title="Activity"
        titleId="activity-title"
        icon={<Activity />}
        description={`Your commits and pull requests, last ${ACTIVITY_WINDOW_DAYS} days`}
      />
      <CardBody className="text-zinc-500 dark:text-zinc-400">
        {query.isPending ? (
          <ChartSpinner withTotals />
        ) : query.isError ? (
          <GithubLoadError
            title={errorMessages.loadData}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : totals.commits + totals.pullRequests === 0 ? (
          <EmptyState
            headingLevel="h3"
            title="No activity yet"
            description="Commits and pull requests of the last 30 days show up here once synced."
          />
        ) : (
          <>
            <p className="mb-2 text-xs" data-testid="activity-totals">
              {formatNumber(totals.commits)} commits · {formatNumber(totals.pullRequests)} pull
              requests
            </p>
            {hydrated ? (
              <Suspense fallback={<ChartSpinner />}>
                <ActivityChart daily={query.data.daily} />
              </Suspense>
            ) : (
              <ChartSpinner />
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}
