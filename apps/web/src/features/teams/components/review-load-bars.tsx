import type { ReviewLoadMember } from '@shipdeck/shared/teams';
import { BarChart } from '@/components/charts/bar-chart';

const count = (value: number) => `${value} request${value === 1 ? '' : 's'}`;
/** A login under its bar: long ones are cut, so neighbours never overlap (the table has them whole). */
const shortLogin = (login: string) => (login.length > 9 ? `${login.slice(0, 8)}…` : login);

/** Open review requests per member, direct below, through a team on top; its own module so the chart code loads only where it is drawn. */
export default function ReviewLoadBars({ members }: { members: readonly ReviewLoadMember[] }) {
  return (
    <BarChart
      data={members}
      category={(member) => member.login}
      formatCategory={shortLogin}
      series={[
        {
          key: 'direct',
          label: 'Asked directly',
          color: '#3b82f6',
          value: (member) => member.openRequests.direct,
        },
        {
          key: 'viaTeam',
          label: 'Through a team',
          color: '#a855f7',
          value: (member) => member.openRequests.viaTeam,
        },
      ]}
      formatValue={count}
      height={160}
      legend
      grid
    />
  );
}
