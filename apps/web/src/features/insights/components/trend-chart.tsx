import type { TrendBucket, TrendPoint } from '@shipdeck/shared/insights';
import { lazy, Suspense } from 'react';
import { formatShortDay } from '@/utils/format-date';

// The chart code arrives with the first trend drawn, not with the page.
const TrendBars = lazy(() => import('./trend-bars'));

type TrendChartProps = {
  points: readonly TrendPoint[];
  bucket: TrendBucket;
  /** How a value reads, e.g. "3 deployments" or "2.1 h". */
  formatValue: (value: number) => string;
  /** How a y-axis tick reads, with its unit. */
  formatTick: (value: number) => string;
  label: string;
};

/** A small bar chart; screen readers get the same series as a sentence. */
export function TrendChart({ points, bucket, formatValue, formatTick, label }: TrendChartProps) {
  const measured = points.filter((point) => point.value !== null);
  const summary =
    measured.length === 0
      ? `${label}: nothing to plot in this window.`
      : `${label} per ${bucket}: ${measured
          .map((point) => `${formatShortDay(point.start)} ${formatValue(point.value ?? 0)}`)
          .join(', ')}.`;
  return (
    <figure className="m-0">
      {/* Fixed height, so the bars arriving later shift nothing. */}
      <div aria-hidden="true" className="h-28 w-full text-zinc-500 dark:text-zinc-400">
        <Suspense fallback={null}>
          <TrendBars
            points={points}
            label={label}
            formatValue={formatValue}
            formatTick={formatTick}
          />
        </Suspense>
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
