import { insightsMessages } from '@shipdeck/shared/insights';
import { Gauge, RotateCw } from 'lucide-react';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { useRateLimitBudget } from '../api/get-rate-limit-budget';

function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
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
  const label = `GitHub API budget: ${remaining.toLocaleString()} of ${limit.toLocaleString()} requests left, resets at ${clockTime(reset)}`;
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
