import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getAdminUsersQueryOptions } from './get-admin-users';
import { getAuditLogQueryOptions } from './get-audit-log';

/** Removes another account and everything stored for it. */
export async function deleteAdminUser(id: string): Promise<void> {
  await apiClient.delete(`/api/admin/users/${encodeURIComponent(id)}`);
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getAdminUsersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAuditLogQueryOptions().queryKey }),
      ]),
  });
}
