import { DASHBOARD_REFRESH_MS, pageSizes } from '@shipdeck/shared/constants';
import { useUser } from '@/features/auth/hooks/use-session';
import { VercelProjectsGrid } from './vercel-projects-grid';

/** The dashboard's Vercel Projects: the first six, refreshed every five minutes. */
export function DashboardVercelProjects() {
  const user = useUser();
  // Without a working connection the Deployment Status panel already shows the one Connect
  // (or Reconnect) Vercel prompt the dashboard needs; a second one here would only repeat it.
  if (user.vercel?.status !== 'connected') return null;
  return (
    <VercelProjectsGrid limit={pageSizes.projectsShown} refetchInterval={DASHBOARD_REFRESH_MS} />
  );
}
