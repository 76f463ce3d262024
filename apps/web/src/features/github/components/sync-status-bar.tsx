import { RefreshCw } from 'lucide-react';
import { ProviderDownBanner } from '@/components/ui/provider-down-banner';
import { RelativeTime } from '@/components/ui/relative-time';
import { useUser } from '@/features/auth/hooks/use-session';
import { formatNumber } from '@/utils/format-number';
import { useSyncStatus } from '../api/get-sync-status';

/** Where GitHub data is one input among others (insights): only the banner, when GitHub fails. */
export function GithubSyncBanner() {
  const user = useUser();
  const query = useSyncStatus(user.githubId !== null);
  return query.data ? <ProviderDownBanner provider="GitHub" status={query.data} /> : null;
}

const phaseNouns: Record<string, string> = {
  queued: 'Waiting to sync with GitHub',
  repositories: 'repositories',
  'pull-requests': 'pull requests',
  commits: 'recently pushed repositories',
  // After a first sync the lists are complete; only review and checks are still to come.
  'ship-status': 'pull requests’ review and checks',
};

/**
 * How fresh the GitHub data on the page is: "Syncing 340 of 5,000 repositories" while a sync
 * runs, "Updated 2 min ago" after, and a notice with the last good time when GitHub is failing.
 */
export function SyncStatusBar() {
  const query = useSyncStatus();
  const status = query.data;
  // The line's height, held while the status loads, so the page below does not move down when
  // it arrives (layout shift).
  if (query.isPending) return <p aria-hidden="true" className="h-4" />;
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

  if (sync.lastError) return <ProviderDownBanner provider="GitHub" status={status} />;

  return (
    <p data-testid="sync-status" className="min-h-4 text-xs text-zinc-500 dark:text-zinc-400">
      <RelativeTime value={syncedAt} prefix="Updated" />
    </p>
  );
}
