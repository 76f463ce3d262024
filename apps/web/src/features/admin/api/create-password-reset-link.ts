import type { AdminPasswordReset, adminPasswordResetSchema } from '@shipdeck/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { getAuditLogQueryOptions } from './get-audit-log';

/** A single-use link that sets the account's password (mailed to it too when mail is on). */
export async function createPasswordResetLink(id: string): Promise<AdminPasswordReset> {
  const response = await apiClient.post(
    `/api/admin/users/${encodeURIComponent(id)}/password-reset`,
  );
  return unwrap<typeof adminPasswordResetSchema>(response);
}

export function useCreatePasswordResetLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPasswordResetLink,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getAuditLogQueryOptions().queryKey }),
  });
}
