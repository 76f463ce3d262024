import { useParams } from 'react-router';
import { TeamView } from '@/features/teams/components/team-view';

export function TeamRoute() {
  const { org = '', slug = '' } = useParams();
  return (
    <>
      <title>{`${org}/${slug} · Shipdeck`}</title>
      {/* A new key per team: nothing of the previous one (an open form, errors) carries over. */}
      <TeamView key={`${org}/${slug}`} org={org} slug={slug} />
    </>
  );
}
