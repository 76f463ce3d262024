import type { TrendPoint } from '@shipdeck/shared/insights';
import { BarChart } from '@/components/charts/bar-chart';
import { formatShortDay } from '@/utils/format-date';

type TrendBarsProps = {
  points: readonly TrendPoint[];
  label: string;
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
};

/** The bars of a trend; a module of its own so the chart code loads only where one is drawn. */
export default function TrendBars({ points, label, formatValue, formatTick }: TrendBarsProps) {
  return (
    <BarChart
      data={points}
      category={(point) => point.start}
      formatCategory={formatShortDay}
      series={[{ key: 'value', label, color: '#3b82f6', value: (point) => point.value }]}
      formatValue={formatValue}
      formatTick={formatTick}
      height={112}
      yAxisWidth={44}
    />
  );
}
