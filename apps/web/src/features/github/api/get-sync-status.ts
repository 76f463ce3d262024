import type { syncResultSchema } from '@shipdeck/shared/github';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiClient, unwrap } from '@/lib/api-client';

/** While a sync runs, its progress is asked for this often. */
const SYNCING_POLL_MS = 2_000;
const IDLE_POLL_MS = 60_000;

/** Where the background sync of the user's GitHub data stands. */
export async function getSyncStatus() {
  const response = await apiClient.get('/api/github/sync', { skipErrorToast: true });
  return unwrap<typeof syncResultSchema>(response);
}

export function getSyncStatusQueryOptions() {
  return queryOptions({ queryKey: ['github', 'sync'], queryFn: getSyncStatus });
}

/**
 * Polls quickly while a sync runs; when one finishes, every GitHub list is refetched so the
 * page shows what was just synced.
 */
export function useSyncStatus(enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...getSyncStatusQueryOptions(),
    enabled,
    refetchInterval: (current) => (current.state.data?.sync.phase ? SYNCING_POLL_MS : IDLE_POLL_MS),
  });
  const syncedAt = query.data ? query.data.syncedAt : undefined;
  // Undefined until the first answer: only a change seen after that means fresh data.
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (syncedAt === undefined) return;
    const before = previous.current;
    previous.current = syncedAt;
    if (before !== undefined && before !== syncedAt) {
      void queryClient.invalidateQueries({
        queryKey: ['github'],
        predicate: (candidate) => candidate.queryKey[1] !== 'sync',
      });
    }
  }, [syncedAt, queryClient]);
  return query;
}
