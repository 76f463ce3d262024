import { pageSizes } from '@shipdeck/shared/constants';
import {
  type PullRequestFilter,
  type PullRequestSort,
  pullRequestFilterSchema,
  pullRequestSortSchema,
} from '@shipdeck/shared/github';
import { errorMessages } from '@shipdeck/shared/messages';
import { GitPullRequest } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useListSearchParams } from '@/hooks/use-list-search-params';
import { cn } from '@/utils/cn';
import { formatNumber } from '@/utils/format-number';
import { usePullRequests } from '../api/get-pull-requests';
import { GithubLoadError } from './github-load-error';
import { ListToolbar } from './list-toolbar';
import { PullRequestRow } from './pull-request-row';

const filterOptions: { value: PullRequestFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'merged', label: 'Merged' },
];

const sortOptions: { value: PullRequestSort; label: string }[] = [
  { value: 'updated', label: 'Updated' },
  { value: 'created', label: 'Created' },
];

/** Pull requests across all the user's repositories, searched, filtered and sorted by the server. */
export function PullRequestsView() {
  const list = useListSearchParams({
    filters: pullRequestFilterSchema.options,
    sorts: pullRequestSortSchema.options,
    defaultFilter: 'all',
    defaultSort: 'updated',
  });
  const perPage = pageSizes.apiDefault;
  const query = usePullRequests({
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
        searchLabel="Search pull requests"
        searchPlaceholder="Search pull requests…"
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
          <Spinner label="Loading pull requests…" />
        </div>
      ) : query.isError && !query.data ? (
        <GithubLoadError
          title={errorMessages.loadPullRequests}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.pullRequests.length === 0 ? (
        <EmptyState
          icon={<GitPullRequest />}
          title={list.isFiltered ? 'No pull requests match' : 'No pull requests yet'}
          description={
            list.isFiltered
              ? 'Try another search or filter.'
              : 'Pull requests you open, review or are assigned to will show up here.'
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
        <Card aria-labelledby="pull-requests-count" aria-busy={query.isFetching || undefined}>
          <div className="flex items-center justify-between gap-3 border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
            <h2
              id="pull-requests-count"
              className="text-sm font-semibold text-zinc-900 dark:text-zinc-50"
            >
              {formatNumber(total)} {total === 1 ? 'pull request' : 'pull requests'}
            </h2>
            {query.isFetching ? <Spinner className="text-zinc-400" /> : null}
          </div>
          <ul
            className={cn(
              'divide-y divide-zinc-100 transition-opacity dark:divide-zinc-800',
              query.isPlaceholderData && 'opacity-60',
            )}
          >
            {query.data.pullRequests.map((pullRequest) => (
              <PullRequestRow key={pullRequest.id} pullRequest={pullRequest} />
            ))}
          </ul>
          <Pagination
            label="Pull requests"
            page={list.page}
            totalPages={totalPages}
            onPageChange={list.setPage}
          />
        </Card>
      )}
    </div>
  );
}
