import type { Meta, metaSchema } from '@shipdeck/shared/meta';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export async function getMeta(): Promise<Meta> {
  return unwrap<typeof metaSchema>(await apiClient.get('/api/meta'));
}

export function getMetaQueryOptions() {
  // Facts about the installation do not change while the page is open.
  return queryOptions({ queryKey: ['meta'], queryFn: getMeta, staleTime: Infinity });
}

export function useMeta() {
  return useQuery(getMetaQueryOptions());
}
