import type { ActivityDay } from '@shipdeck/shared/github';
import { BarChart, type BarSeries } from '@/components/charts/bar-chart';
import { formatNumber } from '@/utils/format-number';
import { formatShortDay } from '@/utils/format-date';

const series: BarSeries<ActivityDay>[] = [
  { key: 'commits', label: 'Commits', color: '#3b82f6', value: (day) => day.commits },
  {
    key: 'pullRequests',
    label: 'Pull requests',
    color: '#a855f7',
    value: (day) => day.pullRequests,
  },
];

/** Commits and pull requests per day, stacked; screen readers get the active days as text. */
export default function ActivityChart({ daily }: { daily: ActivityDay[] }) {
  const active = daily.filter((day) => day.commits + day.pullRequests > 0);
  return (
    <figure className="m-0">
      <BarChart
        data={daily}
        category={(day) => day.date}
        formatCategory={formatShortDay}
        series={series}
        // With the legend (24 px), the 220 px the loading spinner holds: nothing shifts.
        height={196}
        legend
        grid
      />
      <figcaption className="sr-only">
        Per day:{' '}
        {active
          .map(
            (day) =>
              `${formatShortDay(day.date)} ${formatNumber(day.commits)} commits, ${formatNumber(day.pullRequests)} pull requests`,
          )
          .join('; ')}
        .
      </figcaption>
    </figure>
  );
}
