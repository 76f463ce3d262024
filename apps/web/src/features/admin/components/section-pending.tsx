import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { AdminOnlyNotice } from './admin-only-notice';

type PendingQuery = {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

type SectionPendingProps = { query: PendingQuery; loadingLabel: string; errorTitle: string };

/**
 * A section whose data has not arrived: loading, failed (with Try Again), or refused because the
 * viewer is no longer an admin (the role changed while the page was open).
 */
export function SectionPending({ query, loadingLabel, errorTitle }: SectionPendingProps) {
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 403) return <AdminOnlyNotice />;
    return (
      <LoadError
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <div className="flex justify-center py-12 text-sm text-zinc-500 dark:text-zinc-400">
      <Spinner label={loadingLabel} />
    </div>
  );
}
