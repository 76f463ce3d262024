import { RelativeTime } from '@/components/ui/relative-time';

/** "Synced 3m ago", or that the first sync is still running. */
export function SyncedAtNote({ syncedAt }: { syncedAt: string | null | undefined }) {
  return (
    <p className="text-xs text-zinc-500 dark:text-zinc-400">
      {syncedAt ? (
        <RelativeTime value={syncedAt} prefix="Synced from Vercel" />
      ) : (
        'First sync from Vercel in progress…'
      )}
    </p>
  );
}
