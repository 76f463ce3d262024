import type { ChangePasswordBody, changePasswordResultSchema } from '@shipdeck/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getStatsQueryOptions } from '@/features/auth/api/get-stats';
import { apiClient, unwrap } from '@/lib/api-client';

/** Checks the current password; the server then revokes every other session. */
export async function changePassword(body: ChangePasswordBody): Promise<number> {
  const response = await apiClient.put('/auth/password', body);
  return unwrap<typeof changePasswordResultSchema>(response).revokedSessions;
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getStatsQueryOptions().queryKey }),
  });
}
