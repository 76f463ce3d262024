import { DASHBOARD_REFRESH_MS } from '@shipdeck/shared/constants';
import type { GithubStats } from '@shipdeck/shared/github';
import { errorMessages } from '@shipdeck/shared/messages';
import { CircleDot, FolderGit2, GitCommitHorizontal, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cx } from '@/utils/cx';
import { formatNumber, formatPercentChange } from '@/utils/format-number';
import { useGithubStats } from '../api/get-github-stats';

type StatKey = keyof GithubStats['changes'];

const cards: { key: StatKey; label: string; icon: ReactNode; moreIsWorse?: boolean }[] = [
  { key: 'totalRepos', label: 'Total Repositories', icon: <FolderGit2 /> },
  // The server counts the user's own commits of the last 30 days, so the label says so.
  { key: 'totalCommits', label: 'Commits (30 days)', icon: <GitCommitHorizontal /> },
  { key: 'openIssues', label: 'Open Issues', icon: <CircleDot />, moreIsWorse: true },
  { key: 'totalStars', label: 'Total Stars', icon: <Star /> },
];

function changeTone(change: number | null, moreIsWorse: boolean): string {
  if (change === null || change === 0) return 'text-zinc-500 dark:text-zinc-400';
  const good = moreIsWorse ? change < 0 : change > 0;
  return good ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400';
}

/** The dashboard's four totals, each with its real change against last month or "—". */
export function GithubStatCards() {
  const query = useGithubStats({ refetchInterval: DASHBOARD_REFRESH_MS });
  const stats = query.data;
  return (
    <section aria-label="GitHub totals" className="space-y-3">
      {query.isError ? (
        <Alert>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>
              {errorMessages.loadData}. {errorMessages.checkConsole}
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              Try Again
            </Button>
          </div>
        </Alert>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        {cards.map((card) => {
          const change = stats ? stats.changes[card.key] : null;
          const value = stats ? stats[card.key] : null;
          return (
            <div
              key={card.key}
              className="min-w-0 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/40"
            >
              <dt className="flex items-center justify-between gap-2 text-xs font-medium text-zinc-600 dark:text-zinc-400">
                <span className="min-w-0">{card.label}</span>
                <span aria-hidden="true" className="text-zinc-400 [&_svg]:size-4">
                  {card.icon}
                </span>
              </dt>
              <dd className="mt-2 text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-zinc-50">
                {stats ? (
                  // Unknown (GitHub failing) is shown as unknown, never as 0.
                  value === null ? (
                    <span title="GitHub could not tell right now">—</span>
                  ) : (
                    formatNumber(value)
                  )
                ) : query.isPending ? (
                  <span className="inline-block h-7 w-16 animate-pulse rounded bg-zinc-100 align-middle dark:bg-zinc-800">
                    <span className="sr-only">Loading</span>
                  </span>
                ) : (
                  '—'
                )}
              </dd>
              <dd className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                <span className={cx('font-medium', changeTone(change, card.moreIsWorse ?? false))}>
                  {formatPercentChange(change)}
                </span>{' '}
                vs last month
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
