import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type Key, type ReactNode, useDeferredValue, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useListSearchParams } from '@/hooks/use-list-search-params';
import { cx } from '@/utils/cx';
import { formatNumber } from '@/utils/format-number';
import { GithubLoadError } from './github-load-error';
import { ListToolbar } from '@/components/ui/list-toolbar';

export type ListOption<T extends string> = { value: T; label: string };

export type SearchableListParams<F extends string, S extends string> = {
  page: number;
  perPage: number;
  q: string;
  filter: F;
  sort: S;
};

type PagedData = { pagination: { total: number } };

export type SearchableListTexts = {
  /** Accessible name of the search box; its placeholder adds an ellipsis. */
  search: string;
  loading: string;
  loadError: string;
  emptyTitle: string;
  emptyDescription: string;
  noMatchTitle: string;
  /** The count heading's noun, e.g. "repository" / "repositories". */
  one: string;
  other: string;
  /** Names the page navigation, e.g. "Repositories". */
  pagination: string;
};

type SearchableListProps<F extends string, S extends string, TData extends PagedData, TItem> = {
  filterOptions: readonly ListOption<F>[];
  sortOptions: readonly ListOption<S>[];
  defaultFilter: F;
  defaultSort: S;
  perPage: number;
  /** A query hook, called on every render: pass the same function each time. */
  useListQuery: (params: SearchableListParams<F, S>) => UseQueryResult<TData>;
  getItems: (data: TData) => readonly TItem[];
  getItemKey: (item: TItem) => Key;
  renderItem: (item: TItem) => ReactNode;
  emptyIcon: ReactNode;
  /** Kept stable: browser tests find the count heading by it. */
  countId: string;
  texts: SearchableListTexts;
  /** More choices in the toolbar, and a line under it, that a page keeps in the URL itself. */
  toolbarChoices?: ReactNode;
  belowToolbar?: ReactNode;
  /** Whether those choices narrow the list, so an empty answer reads "no match". */
  extraFiltered?: boolean;
};

/**
 * A list page whose search, filter, sort and page live in the address bar and are all done by
 * the server, with its loading, error, empty and paged states.
 */
export function SearchableList<F extends string, S extends string, TData extends PagedData, TItem>({
  filterOptions,
  sortOptions,
  defaultFilter,
  defaultSort,
  perPage,
  useListQuery,
  getItems,
  getItemKey,
  renderItem,
  emptyIcon,
  countId,
  texts,
  toolbarChoices,
  belowToolbar,
  extraFiltered = false,
}: SearchableListProps<F, S, TData, TItem>) {
  const list = useListSearchParams({
    // Only what the selects offer can come from the address bar.
    filters: filterOptions.map((option) => option.value),
    sorts: sortOptions.map((option) => option.value),
    defaultFilter,
    defaultSort,
  });
  const query = useListQuery({
    page: list.page,
    perPage,
    q: list.q,
    filter: list.filter,
    sort: list.sort,
  });
  // A page of rows is drawn in the background once the server's answer is in (issue 34): drawn
  // in the answer's own task, 30 rows took 60–90 ms on two cores, and a press made then (the
  // header's palette, a row's actions) waited for all of it. The page shows its spinner, or the
  // rows it had, until they are drawn.
  const data = useDeferredValue(query.data);
  const total = data?.pagination.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  // The rows only change with the server's answer: typing in the search box re-renders this
  // list on every key press, and must not redraw a page of rows each time (typing latency).
  const rows = useMemo(
    () =>
      (data === undefined ? [] : getItems(data)).map((item) => (
        <Fragment key={getItemKey(item)}>{renderItem(item)}</Fragment>
      )),
    [data, getItems, getItemKey, renderItem],
  );
  const isFiltered = list.isFiltered || extraFiltered;

  return (
    <div className="space-y-4">
      <ListToolbar
        searchLabel={texts.search}
        searchPlaceholder={`${texts.search}…`}
        searchText={list.searchText}
        onSearchChange={list.setSearchText}
        filter={list.filter}
        filterOptions={filterOptions}
        onFilterChange={list.setFilter}
        sort={list.sort}
        sortOptions={sortOptions}
        onSortChange={list.setSort}
      >
        {toolbarChoices}
      </ListToolbar>
      {belowToolbar}
      {query.isError && query.data === undefined ? (
        <GithubLoadError
          title={texts.loadError}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : data === undefined ? (
        <div className="flex justify-center py-16 text-sm text-zinc-500 dark:text-zinc-400">
          <Spinner label={texts.loading} />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={emptyIcon}
          title={isFiltered ? texts.noMatchTitle : texts.emptyTitle}
          description={isFiltered ? 'Try another search or filter.' : texts.emptyDescription}
          action={
            isFiltered || list.page > 1 ? (
              <Button variant="outline" size="sm" onClick={list.reset}>
                Clear search and filters
              </Button>
            ) : null
          }
          className="bg-white dark:bg-zinc-900/40"
        />
      ) : (
        <Card aria-labelledby={countId} aria-busy={query.isFetching || undefined}>
          <div className="flex items-center justify-between gap-3 border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
            <h2 id={countId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
              {formatNumber(total)} {total === 1 ? texts.one : texts.other}
            </h2>
            {query.isFetching ? <Spinner className="text-zinc-400" /> : null}
          </div>
          <ul
            className={cx(
              'divide-y divide-zinc-100 transition-opacity dark:divide-zinc-800',
              query.isPlaceholderData && 'opacity-60',
            )}
          >
            {rows}
          </ul>
          <Pagination
            label={texts.pagination}
            page={list.page}
            totalPages={totalPages}
            onPageChange={list.setPage}
          />
        </Card>
      )}
    </div>
  );
}
