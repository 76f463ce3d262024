import { errorMessages } from '@shipdeck/shared/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type Key, type ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { GithubLoadError } from './github-load-error';

type RepositorySectionListProps<TData, TItem> = {
  query: UseQueryResult<TData>;
  getItems: (data: TData) => readonly TItem[];
  getItemKey: (item: TItem) => Key;
  renderItem: (item: TItem) => ReactNode;
  loadingLabel: string;
  emptyIcon: ReactNode;
  emptyTitle: string;
};

/** What a list of the repository page shows while it loads. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-12 text-sm text-zinc-500 dark:text-zinc-400">
      <Spinner label={label} />
    </div>
  );
}

/** A list in a card of the repository page, with its loading, error and empty states. */
export function RepositorySectionList<TData, TItem>({
  query,
  getItems,
  getItemKey,
  renderItem,
  loadingLabel,
  emptyIcon,
  emptyTitle,
}: RepositorySectionListProps<TData, TItem>) {
  if (query.isPending) return <SectionLoading label={loadingLabel} />;
  if (query.isError) {
    return (
      <GithubLoadError
        title={errorMessages.loadRepositoryData}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="m-4 border-dashed py-8"
      />
    );
  }
  const items = getItems(query.data);
  if (items.length === 0) {
    return <EmptyState icon={emptyIcon} headingLevel="h3" title={emptyTitle} className="m-4" />;
  }
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {items.map((item) => (
        <Fragment key={getItemKey(item)}>{renderItem(item)}</Fragment>
      ))}
    </ul>
  );
}
