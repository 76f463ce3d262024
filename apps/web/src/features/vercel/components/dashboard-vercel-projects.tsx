import { DASHBOARD_REFRESH_MS, pageSizes } from '@shipdeck/shared/constants';
import { VercelProjectsGrid } from './vercel-projects-grid';
import { VercelGate } from './vercel-gate';

/** The dashboard's Vercel Projects: the first six, refreshed every five minutes. */
export function DashboardVercelProjects() {
  return (
    <VercelGate>
      <VercelProjectsGrid limit={pageSizes.projectsShown} refetchInterval={DASHBOARD_REFRESH_MS} />
    </VercelGate>
  );
}
