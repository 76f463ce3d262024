import { pageSizes } from '@shipdeck/shared/constants';
import {
  type RepositoryFilter,
  type RepositorySort,
  repositoryFilterSchema,
  repositorySortSchema,
} from '@shipdeck/shared/github';
import { errorMessages } from '@shipdeck/shared/messages';
import { FolderGit2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useListSearchParams } from '@/hooks/use-list-search-params';
import { cn } from '@/utils/cn';
import { formatNumber } from '@/utils/format-number';
import { useRepositories } from '../api/get-repositories';
import { GithubLoadError } from './github-load-error';
import { ListToolbar } from './list-toolbar';
import { RepositoryRow } from './repository-row';

const filterOptions: { value: RepositoryFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
  { value: 'fork', label: 'Forks' },
];

const sortOptions: { value: RepositorySort; label: string }[] = [
  { value: 'updated', label: 'Updated' },
  { value: 'name', label: 'Name' },
  { value: 'stars', label: 'Stars' },
  { value: 'forks', label: 'Forks' },
];

/** The repositories page: every repository, searched, filtered, sorted and paged by the server. */
export function RepositoriesView() {
  const list = useListSearchParams({
    filters: repositoryFilterSchema.options,
    sorts: repositorySortSchema.options,
    defaultFilter: 'all',
    defaultSort: 'updated',
  });
  const perPage = pageSizes.repositoriesPage;
  const query = useRepositories({
    page: list.page,
    perPage,
    q: list.q,
    filter: list.filter,
    sort: list.sort,
  });
  const total = query.data?.pagination.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / perPage));

  return (
    <div className="space-y-4">
      <ListToolbar
        searchLabel="Search repositories"
        searchPlaceholder="Search repositories…"
        searchText={list.searchText}
        onSearchChange={list.setSearchText}
        filter={list.filter}
        filterOptions={filterOptions}
        onFilterChange={list.setFilter}
        sort={list.sort}
        sortOptions={sortOptions}
        onSortChange={list.setSort}
      />
      {query.isPending ? (
        <div className="flex justify-center py-16 text-sm text-zinc-500 dark:text-zinc-400">
          <Spinner label="Loading repositories…" />
        </div>
      ) : query.isError && !query.data ? (
        <GithubLoadError
          title={errorMessages.loadRepositories}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.repositories.length === 0 ? (
        <EmptyState
          icon={<FolderGit2 />}
          title={list.isFiltered ? 'No repositories match' : 'No repositories yet'}
          description={
            list.isFiltered
              ? 'Try another search or filter.'
              : 'Repositories you own or collaborate on will show up here.'
          }
          action={
            list.isFiltered || list.page > 1 ? (
              <Button variant="outline" size="sm" onClick={list.reset}>
                Clear search and filters
              </Button>
            ) : null
          }
          className="bg-white dark:bg-zinc-900/40"
        />
      ) : (
        <Card aria-labelledby="repositories-count" aria-busy={query.isFetching || undefined}>
          <div className="flex items-center justify-between gap-3 border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
            <h2
              id="repositories-count"
              className="text-sm font-semibold text-zinc-900 dark:text-zinc-50"
            >
              {formatNumber(total)} {total === 1 ? 'repository' : 'repositories'}
            </h2>
            {query.isFetching ? <Spinner className="text-zinc-400" /> : null}
          </div>
          <ul
            className={cn(
              'divide-y divide-zinc-100 transition-opacity dark:divide-zinc-800',
              query.isPlaceholderData && 'opacity-60',
            )}
          >
            {query.data.repositories.map((repository) => (
              <RepositoryRow key={repository.id} repository={repository} />
            ))}
          </ul>
          <Pagination
            label="Repositories"
            page={list.page}
            totalPages={totalPages}
            onPageChange={list.setPage}
          />
        </Card>
      )}
    </div>
  );
}
