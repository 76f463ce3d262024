import type { rateLimitBudgetSchema } from '@shipdeck/shared/insights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

/** What is left of the user's GitHub rate limit, as the last sync saw it (costs no GitHub call). */
export async function getRateLimitBudget() {
  const response = await apiClient.get('/api/github/rate-limit', { skipErrorToast: true });
  return unwrap<typeof rateLimitBudgetSchema>(response);
}

export function getRateLimitBudgetQueryOptions() {
  return queryOptions({
    queryKey: ['github', 'rate-limit'],
    queryFn: getRateLimitBudget,
    refetchInterval: 60_000,
  });
}

export function useRateLimitBudget() {
  return useQuery(getRateLimitBudgetQueryOptions());
}
