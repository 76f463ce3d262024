import type { Meta, metaSchema } from '@shipdeck/shared/meta';
import { apiClient, unwrap } from '@/lib/api-client';

// Apart from the query options (get-meta.ts): /signup asks for these and ships no TanStack Query.

export async function getMeta(): Promise<Meta> {
  return unwrap<typeof metaSchema>(await apiClient.get('/api/meta'));
}
