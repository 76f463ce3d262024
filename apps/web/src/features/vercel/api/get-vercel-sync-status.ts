import type { syncResultSchema } from '@shipdeck/shared/github';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

const POLL_MS = 60_000;

/** When the Vercel data was last confirmed, and why the last sync failed if it did. */
export async function getVercelSyncStatus() {
  const response = await apiClient.get('/api/vercel/sync', { skipErrorToast: true });
  return unwrap<typeof syncResultSchema>(response);
}

export function getVercelSyncStatusQueryOptions() {
  return queryOptions({ queryKey: ['vercel', 'sync'], queryFn: getVercelSyncStatus });
}

export function useVercelSyncStatus(enabled: boolean) {
  return useQuery({ ...getVercelSyncStatusQueryOptions(), enabled, refetchInterval: POLL_MS });
}
