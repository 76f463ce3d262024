import type { SyncResult } from '@shipdeck/shared/github';
import { Alert } from './alert';
import { RelativeTime } from './relative-time';
import { formatDateTime } from '@/utils/format-date';

type Provider = 'GitHub' | 'Vercel';

/**
 * The provider-down banner: the sync failed, so the page shows the last good data, and says as
 * of when (the exact time, and how long ago).
 */
export function ProviderDownBanner({
  provider,
  status,
}: {
  provider: Provider;
  status: Pick<SyncResult, 'syncedAt'> & { sync: Pick<SyncResult['sync'], 'lastError'> };
}) {
  const { syncedAt } = status;
  if (!status.sync.lastError) return null;
  return (
    <Alert size="sm">
      <span data-testid="sync-error" data-provider={provider}>
        <strong className="font-semibold">{provider} sync failed:</strong> {status.sync.lastError}.{' '}
        {syncedAt ? (
          <>
            Showing the last good data, as of{' '}
            <time dateTime={syncedAt} suppressHydrationWarning>
              {formatDateTime(syncedAt)}
            </time>{' '}
            (
            <RelativeTime value={syncedAt} />
            ).
          </>
        ) : (
          'Nothing has been synced yet; it will be retried.'
        )}
      </span>
    </Alert>
  );
}
