import type { ActivityDay } from '@shipdeck/shared/github';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Commits and pull requests per day; loaded lazily with recharts. */
export default function ActivityChart({ daily }: { daily: ActivityDay[] }) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.12} />
        <XAxis
          dataKey="date"
          tickFormatter={shortDate}
          tick={{ fontSize: 11, fill: 'currentColor' }}
          minTickGap={24}
        />
        <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: 'currentColor' }} />
        <Tooltip
          labelFormatter={(label) => (typeof label === 'string' ? shortDate(label) : '')}
          contentStyle={{ fontSize: 12, color: '#18181b' }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="commits" name="Commits" stackId="a" fill="#3b82f6" />
        <Bar dataKey="pullRequests" name="Pull requests" stackId="a" fill="#a855f7" />
      </BarChart>
    </ResponsiveContainer>
  );
}
