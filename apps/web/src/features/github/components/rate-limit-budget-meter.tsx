import { insightsMessages } from '@shipdeck/shared/insights-constants';
import { Gauge, RotateCw } from 'lucide-react';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { useRateLimitBudget } from '../api/get-rate-limit-budget';

/** "resets in 12 min" from the reset time; a window already over refills at once. */
export function resetsIn(iso: string, now = Date.now()): string {
  const minutes = Math.ceil((Date.parse(iso) - now) / 60_000);
  if (minutes <= 0) return 'resets now';
  if (minutes < 60) return `resets in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `resets in ${hours} h${rest ? ` ${rest} min` : ''}`;
}

/** The GitHub rate-limit budget left and when it refills, in words and as a native meter. */
export function RateLimitBudgetMeter() {
  const budget = useRateLimitBudget();
  if (budget.isPending) return <Spinner label="Loading GitHub budget…" className="size-3" />;
  if (budget.isError) {
    return (
      <p role="alert" className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        {insightsMessages.budgetUnavailable}
        <button
          type="button"
          onClick={() => void budget.refetch()}
          className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline dark:text-blue-400"
        >
          <RotateCw aria-hidden="true" className="size-3" />
          Try Again
        </button>
      </p>
    );
  }
  const { limit, remaining, reset, syncedAt } = budget.data;
  const label = `GitHub API budget: ${remaining.toLocaleString()} of ${limit.toLocaleString()} requests left, ${resetsIn(reset)}`;
  return (
    <div className="flex flex-col gap-1 text-xs text-zinc-600 dark:text-zinc-400">
      <p className="flex items-center gap-1.5">
        <Gauge aria-hidden="true" className="size-3.5" />
        <span>{label}</span>
      </p>
      <meter
        aria-label="GitHub API budget left"
        min={0}
        max={limit}
        low={limit * 0.2}
        high={limit * 0.5}
        optimum={limit}
        value={remaining}
        className="h-1.5 w-full"
      />
      {syncedAt ? (
        <p>
          Measured <RelativeTime value={syncedAt} />
        </p>
      ) : null}
    </div>
  );
}
