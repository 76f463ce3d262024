import { DASHBOARD_REFRESH_MS, pageSizes } from '@shipdeck/shared/constants';
import { errorMessages } from '@shipdeck/shared/messages';
import { FolderGit2 } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useRepositories } from '../api/get-repositories';
import { GithubLoadError } from './github-load-error';
import { RepositoryCard } from './repository-card';

/** The dashboard's most recently updated repositories, refreshed every five minutes. */
export function RecentRepositories() {
  const query = useRepositories(
    {
      page: 1,
      perPage: pageSizes.dashboardRepositoriesFetched,
      filter: 'all',
      sort: 'updated',
    },
    { refetchInterval: DASHBOARD_REFRESH_MS },
  );
  const repositories = (query.data?.repositories ?? []).slice(
    0,
    pageSizes.dashboardRepositoriesShown,
  );
  return (
    <Card aria-labelledby="recent-repositories-title">
      <CardHeader
        title="Recent Repositories"
        titleId="recent-repositories-title"
        icon={<FolderGit2 />}
        action={
          <Link
            to={paths.repositories}
            className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
          >
            View all
          </Link>
        }
      />
      <CardBody>
        {query.isPending ? (
          <div className="flex justify-center py-10 text-sm text-zinc-500 dark:text-zinc-400">
            <Spinner label="Loading repositories…" />
          </div>
        ) : query.isError ? (
          <GithubLoadError
            title={errorMessages.loadData}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : repositories.length === 0 ? (
          <EmptyState
            headingLevel="h3"
            title="No repositories yet"
            description="Repositories you own or collaborate on will show up here."
          />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {repositories.map((repository) => (
              <RepositoryCard key={repository.id} repository={repository} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
