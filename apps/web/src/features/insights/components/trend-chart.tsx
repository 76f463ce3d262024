import type { TrendBucket, TrendPoint } from '@shipdeck/shared/insights';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

type TrendChartProps = {
  points: readonly TrendPoint[];
  bucket: TrendBucket;
  /** How a value reads, e.g. "3 deployments" or "2.1 h". */
  formatValue: (value: number) => string;
  label: string;
};

function shortDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A small bar chart; screen readers get the same series as a sentence. */
export function TrendChart({ points, bucket, formatValue, label }: TrendChartProps) {
  const measured = points.filter((point) => point.value !== null);
  const summary =
    measured.length === 0
      ? `${label}: nothing to plot in this window.`
      : `${label} per ${bucket}: ${measured
          .map((point) => `${shortDate(point.start)} ${formatValue(point.value ?? 0)}`)
          .join(', ')}.`;
  return (
    <figure className="m-0">
      <div aria-hidden="true" className="h-28 w-full text-zinc-500 dark:text-zinc-400">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={[...points]} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
            <XAxis
              dataKey="start"
              tickFormatter={shortDate}
              tick={{ fontSize: 10, fill: 'currentColor' }}
              tickLine={false}
              axisLine={false}
              interval="preserveStartEnd"
              minTickGap={24}
            />
            <YAxis
              tick={{ fontSize: 10, fill: 'currentColor' }}
              tickLine={false}
              axisLine={false}
              allowDecimals={false}
              width={36}
            />
            <Tooltip
              cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
              labelFormatter={(day) => (typeof day === 'string' ? shortDate(day) : '')}
              formatter={(value) => [formatValue(Number(value)), label]}
              contentStyle={{ fontSize: 12, borderRadius: 6 }}
            />
            <Bar dataKey="value" fill="#3b82f6" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
