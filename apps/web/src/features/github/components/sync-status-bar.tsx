import { RefreshCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatNumber } from '@/utils/format-number';
import { useSyncStatus } from '../api/get-sync-status';

const phaseNouns: Record<string, string> = {
  queued: 'Waiting to sync with GitHub',
  repositories: 'repositories',
  'pull-requests': 'pull requests',
  commits: 'recently pushed repositories',
};

/**
 * How fresh the GitHub data on the page is: "Syncing 340 of 5,000 repositories" while a sync
 * runs, "Updated 2 min ago" after, and a notice with the last good time when GitHub is failing.
 */
export function SyncStatusBar() {
  const query = useSyncStatus();
  const status = query.data;
  if (!status) return null;
  const { sync, syncedAt } = status;

  if (sync.phase) {
    const noun = phaseNouns[sync.phase] ?? sync.phase;
    const text =
      sync.phase === 'queued'
        ? noun
        : sync.done !== null && sync.total
          ? `Syncing ${formatNumber(sync.done)} of ${formatNumber(sync.total)} ${noun}`
          : `Syncing ${noun}`;
    return (
      <p
        role="status"
        data-testid="sync-status"
        className="flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400"
      >
        <RefreshCw
          aria-hidden="true"
          className="size-3.5 animate-spin motion-reduce:animate-none"
        />
        {text}…
      </p>
    );
  }

  if (sync.lastError) {
    return (
      <Alert className="text-xs">
        <span data-testid="sync-error">
          GitHub sync failed: {sync.lastError}.{' '}
          {syncedAt ? (
            <>
              Showing the data confirmed <RelativeTime value={syncedAt} />.
            </>
          ) : (
            'Nothing has been synced yet; it will be retried.'
          )}
        </span>
      </Alert>
    );
  }

  return (
    <p data-testid="sync-status" className="text-xs text-zinc-500 dark:text-zinc-400">
      <RelativeTime value={syncedAt} prefix="Updated" />
    </p>
  );
}
