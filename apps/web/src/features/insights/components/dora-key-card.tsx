import type { DoraBand, DoraKey, TrendBucket, TrendPoint } from '@shipdeck/shared/insights';
import { doraKeyTitles } from '@shipdeck/shared/insights-constants';
import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { BandBadge } from './band-badge';
import { TrendChart } from './trend-chart';

export type DoraKeyCardProps = {
  metric: DoraKey;
  /** The headline figure, already in words ("2.1 h", "12%"); null shows "—". */
  figure: string | null;
  detail: string;
  band: DoraBand | null;
  trend: readonly TrendPoint[];
  bucket: TrendBucket;
  trendLabel: string;
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
  explanation: string;
};

/** One of DORA's four keys: figure, band, trend and how it was computed. */
export function DoraKeyCard(props: DoraKeyCardProps) {
  const titleId = useId();
  return (
    // min-w-0: a grid item grows with its content, and the chart then keeps the width it drew at.
    <Card aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
          {doraKeyTitles[props.metric]}
        </h2>
        <BandBadge metric={props.metric} band={props.band} />
      </div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-2xl font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">
          {props.figure ?? '—'}
        </span>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{props.detail}</span>
      </p>
      <TrendChart
        points={props.trend}
        bucket={props.bucket}
        label={props.trendLabel}
        formatValue={props.formatValue}
        formatTick={props.formatTick}
      />
      <p className="text-xs leading-relaxed text-zinc-600 dark:text-zinc-400">
        {props.explanation}
      </p>
    </Card>
  );
}
