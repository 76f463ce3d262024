import type { VercelCredentialsBody } from '@shipdeck/shared/vercel';
import type { vercelTeamsResultSchema } from '@shipdeck/shared/vercel';
import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

/** Checks a token and lists its teams; the server stores nothing. */
export async function checkVercelToken(body: VercelCredentialsBody) {
  const response = await apiClient.post('/auth/vercel/teams', body, { skipErrorToast: true });
  return unwrap<typeof vercelTeamsResultSchema>(response);
}

export function useCheckVercelToken() {
  return useMutation({ mutationFn: checkVercelToken });
}
