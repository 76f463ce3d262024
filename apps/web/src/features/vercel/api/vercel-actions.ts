import type { vercelActionResultSchema, VercelActionResult } from '@shipdeck/shared/vercel-actions';
import type { vercelProjectResultSchema } from '@shipdeck/shared/vercel';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient, unwrap } from '@/lib/api-client';

/** One of the four changes Shipdeck asks Vercel for, on the user's own Vercel connection. */
export type VercelActionRequest =
  | { action: 'redeploy' | 'promote' | 'cancel'; deploymentId: string }
  | { action: 'rollback'; projectId: string; deploymentId: string };

function actionPath(request: VercelActionRequest): string {
  if (request.action === 'rollback') {
    return `/api/vercel/projects/${encodeURIComponent(request.projectId)}/rollback`;
  }
  return `/api/vercel/deployments/${encodeURIComponent(request.deploymentId)}/${request.action}`;
}

export async function runVercelAction(request: VercelActionRequest): Promise<VercelActionResult> {
  const body = request.action === 'rollback' ? { deploymentId: request.deploymentId } : {};
  // The dialog that asked shows a refusal itself, with Vercel's reason.
  const response = await apiClient.post(actionPath(request), body, { skipErrorToast: true });
  return unwrap<typeof vercelActionResultSchema>(response);
}

export function useVercelAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runVercelAction,
    // Deployments, projects and the triage page all read what the action changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vercel'] }),
  });
}

/** How often, and for how long, a moving production alias is looked at (as Vercel's CLI does). */
export const ALIAS_POLL_MS = 1_000;
export const ALIAS_WAIT_MS = 3 * 60_000;

async function getVercelProject(projectId: string) {
  const response = await apiClient.get(`/api/vercel/projects/${encodeURIComponent(projectId)}`, {
    skipErrorToast: true,
  });
  return unwrap<typeof vercelProjectResultSchema>(response);
}

/**
 * Follows a promote or rollback until the project's production deployment is the one asked for:
 * Vercel moves the alias in the background, and the server stores the outcome when it has.
 */
export function useProductionMove(move: { projectId: string; toDeploymentId: string } | null) {
  const [since] = useState(() => Date.now());
  const query = useQuery({
    ...queryOptions({
      queryKey: ['vercel', 'project', move?.projectId ?? ''],
      queryFn: () => getVercelProject(move?.projectId ?? ''),
    }),
    enabled: move !== null,
    refetchInterval: (current) =>
      current.state.data?.project.productionDeployment?.id === move?.toDeploymentId ||
      Date.now() - since > ALIAS_WAIT_MS
        ? false
        : ALIAS_POLL_MS,
  });
  const done = query.data?.project.productionDeployment?.id === move?.toDeploymentId;
  // Past Vercel's own CLI wait, stop asking: the project shows the outcome when it comes.
  const waitedOut = !done && query.dataUpdatedAt - since > ALIAS_WAIT_MS;
  return { done, waitedOut, project: query.data?.project ?? null };
}
