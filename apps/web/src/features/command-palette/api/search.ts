import type { searchResponseSchema } from '@shipdeck/shared/search';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

/** GET /api/search: the signed-in user's synced data matching `q`, best first. */
export async function searchStore(q: string, signal?: AbortSignal) {
  const response = await apiClient.get('/api/search', {
    params: { q },
    skipErrorToast: true,
    ...(signal ? { signal } : {}),
  });
  return unwrap<typeof searchResponseSchema>(response);
}

/**
 * One query per text. Its `signal` is read, so TanStack Query aborts the request of a text the
 * palette no longer shows; the last answer stays on screen while the next one loads.
 */
export function searchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['search', q],
    queryFn: ({ signal }) => searchStore(q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
