import type { deploymentEtasResultSchema } from '@shipdeck/shared/insights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

/** Builds finish in minutes: estimates are asked for again this often while a page is open. */
const ETAS_REFRESH_MS = 30_000;

/** When each of the user's building deployments should be ready. */
export async function getDeploymentEtas() {
  const response = await apiClient.get('/api/insights/etas', { skipErrorToast: true });
  return unwrap<typeof deploymentEtasResultSchema>(response);
}

export function getDeploymentEtasQueryOptions() {
  return queryOptions({ queryKey: ['insights', 'etas'], queryFn: getDeploymentEtas });
}

/** Every row of a page shares this one query; `enabled` is false without Vercel. */
export function useDeploymentEta(deploymentId: string | null, enabled: boolean) {
  const query = useQuery({
    ...getDeploymentEtasQueryOptions(),
    enabled: enabled && deploymentId !== null,
    refetchInterval: ETAS_REFRESH_MS,
  });
  return query.data?.etas.find((eta) => eta.deploymentId === deploymentId) ?? null;
}
