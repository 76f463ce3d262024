import type { AuditPage, auditPageSchema } from '@shipdeck/shared/admin';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

/** One page of the audit log, newest first; `cursor` is the previous page's `nextCursor`. */
export async function getAuditPage(cursor: string | null): Promise<AuditPage> {
  const response = await apiClient.get('/api/admin/audit', {
    params: { cursor },
    skipErrorToast: true,
  });
  return unwrap<typeof auditPageSchema>(response);
}

export function getAuditLogQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['admin', 'audit'],
    queryFn: ({ pageParam }) => getAuditPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // New entries come from everyone's actions: opening the tab reads the log again.
    staleTime: 0,
  });
}

export function useAuditLog() {
  return useInfiniteQuery(getAuditLogQueryOptions());
}
