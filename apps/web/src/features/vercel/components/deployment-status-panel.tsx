import { DASHBOARD_REFRESH_MS, pageSizes } from '@shipdeck/shared/constants';
import { errorMessages } from '@shipdeck/shared/messages';
import { Activity } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useVercelStatus } from '../api/get-vercel-status';
import { deploymentPath } from '../deployment-path';
import { DeploymentStatusBadge } from './deployment-status-badge';
import { SyncedAtNote } from './synced-at-note';
import { VercelGate } from './vercel-gate';

/** The dashboard's Deployment Status: the latest deployment of the five most recent projects. */
export function DeploymentStatusPanel() {
  return (
    <Card aria-labelledby="deployment-status-title">
      <CardHeader
        title="Deployment Status"
        titleId="deployment-status-title"
        icon={<Activity />}
        action={
          <Link
            to={paths.deployments}
            className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
          >
            View all
          </Link>
        }
      />
      <CardBody>
        <VercelGate headingLevel="h3">
          <StatusList />
        </VercelGate>
      </CardBody>
    </Card>
  );
}

function StatusList() {
  const query = useVercelStatus(DASHBOARD_REFRESH_MS);
  const items = (query.data?.deploymentStatus ?? []).slice(0, pageSizes.dashboardDeploymentsShown);
  if (query.isPending) {
    return (
      <div className="flex justify-center py-6 text-sm text-zinc-500 dark:text-zinc-400">
        <Spinner label="Loading deployments…" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title={errorMessages.loadDeployments}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        headingLevel="h3"
        title="No deployments yet"
        description={
          query.data.syncedAt
            ? 'Deployments of your Vercel projects will show up here.'
            : 'The first sync from Vercel is running.'
        }
      />
    );
  }
  return (
    <>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {items.map((item) => (
          <li key={item.projectId} className="flex items-center gap-2 py-2 first:pt-0 last:pb-0">
            <div className="min-w-0 flex-1">
              <Link
                to={deploymentPath(item.deploymentId)}
                className="block truncate text-sm font-medium text-zinc-900 hover:underline dark:text-zinc-50"
              >
                {item.projectName}
              </Link>
              <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                {item.branch ? `${item.branch} · ` : ''}
                <RelativeTime value={item.createdAt} />
              </p>
            </div>
            <DeploymentStatusBadge state={item.status} />
          </li>
        ))}
      </ul>
      {/* When this panel's data is from: the last Vercel sync that succeeded. */}
      <div className="mt-3">
        <SyncedAtNote syncedAt={query.data.syncedAt} />
      </div>
    </>
  );
}
