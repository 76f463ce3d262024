import type { DeploymentFilter, DeploymentSort } from '@shipdeck/shared/vercel-constants';
import {
  deploymentFilters,
  deploymentSorts,
  vercelLimits,
} from '@shipdeck/shared/vercel-constants';
import { errorMessages } from '@shipdeck/shared/messages';
import { Rocket } from 'lucide-react';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { useListSearchParams } from '@/hooks/use-list-search-params';
import { useVercelDeployments } from '../api/get-vercel-deployments';
import { DeploymentRow } from './deployment-row';
import { SyncedAtNote } from './synced-at-note';
import { VercelProjectsGrid } from './vercel-projects-grid';
import { VercelViewOnlyNotice } from './view-only-notice';

const filterOptions: { value: DeploymentFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'ready', label: 'Deployed' },
  { value: 'building', label: 'Building' },
  { value: 'error', label: 'Failed' },
];
const sortOptions: { value: DeploymentSort; label: string }[] = [
  { value: 'updated', label: 'Updated' },
  { value: 'created', label: 'Created' },
];

/** Projects, then every deployment with search, filter and sort answered by the server. */
export function DeploymentsView() {
  const list = useListSearchParams({
    filters: deploymentFilters,
    sorts: deploymentSorts,
    defaultFilter: 'all',
    defaultSort: 'updated',
  });
  const perPage = vercelLimits.deploymentsPage;
  const query = useVercelDeployments({
    limit: perPage,
    offset: (list.page - 1) * perPage,
    search: list.q,
    filter: list.filter,
    sort: list.sort,
  });
  const deployments = query.data?.deployments ?? [];
  const total = query.data?.pagination.total ?? 0;
  return (
    <div className="space-y-6">
      <VercelProjectsGrid />
      <Card aria-labelledby="deployments-title">
        <CardHeader
          title="Deployments"
          titleId="deployments-title"
          icon={<Rocket />}
          action={<SyncedAtNote syncedAt={query.data?.syncedAt} />}
        />
        <div className="border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
          <ListToolbar
            searchLabel="Search deployments"
            searchPlaceholder="Project, branch, commit or URL"
            searchText={list.searchText}
            onSearchChange={list.setSearchText}
            filter={list.filter}
            filterOptions={filterOptions}
            onFilterChange={list.setFilter}
            sort={list.sort}
            sortOptions={sortOptions}
            onSortChange={list.setSort}
          />
        </div>
        {query.isPending ? (
          <div className="flex justify-center py-10 text-sm text-zinc-500 dark:text-zinc-400">
            <Spinner label="Loading deployments…" />
          </div>
        ) : query.isError ? (
          <LoadError
            className="m-4"
            title={errorMessages.loadDeployments}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : deployments.length === 0 ? (
          <EmptyState
            className="m-4"
            headingLevel="h3"
            title={list.isFiltered ? 'No deployments match' : 'No deployments yet'}
            description={
              list.isFiltered
                ? 'Try another search or filter.'
                : query.data.syncedAt
                  ? 'Deployments of your Vercel projects will show up here.'
                  : 'The first sync from Vercel is running; deployments appear in a moment.'
            }
          />
        ) : (
          <>
            <VercelViewOnlyNotice className="m-4 mb-1" />
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {deployments.map((deployment) => (
                <DeploymentRow key={deployment.id} deployment={deployment} />
              ))}
            </ul>
          </>
        )}
        <Pagination
          page={list.page}
          totalPages={Math.max(1, Math.ceil(total / perPage))}
          onPageChange={list.setPage}
          label="Deployments"
        />
      </Card>
    </div>
  );
}
