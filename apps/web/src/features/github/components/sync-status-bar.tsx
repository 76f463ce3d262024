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

const limitNames: Record<'core' | 'search' | 'graphql' | 'secondary', string> = {
  core: 'API',
  search: 'search',
  graphql: 'GraphQL',
  secondary: 'secondary',
};
const clockTime = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * How fresh the GitHub data on the page is: "Syncing 340 of 5,000 repositories" while a sync
 * runs, "Waiting for GitHub's search limit, resumes 14:02:10" while it waits out a rate limit,
 * "Updated 2 min ago" after, and a notice with the last good time when GitHub is failing.
 */
export function SyncStatusBar() {
  const query = useSyncStatus();
  const status = query.data;
  // The line's height, held while the status loads, so the page below does not move down when
  // it arrives (layout shift).
  if (query.isPending) return <p aria-hidden="true" className="h-4" />;
  if (!status) return null;
  const { sync, syncedAt } = status;

  // A sync stopped at a rate limit goes on by itself at the time given: a wait, not an error.
  if (sync.waiting) {
    return (
      <p
        role="status"
        data-testid="sync-status"
        className="flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400"
      >
        <RefreshCw aria-hidden="true" className="size-3.5" />
        Waiting for GitHub’s {limitNames[sync.waiting.limit]} limit, resumes{' '}
        {clockTime.format(new Date(sync.waiting.until))}
      </p>
    );
  }

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
