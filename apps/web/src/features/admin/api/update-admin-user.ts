import type { AdminUser, AdminUserPatchBody, adminUserResultSchema } from '@shipdeck/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/features/auth/api/session-user';
import { apiClient, unwrap } from '@/lib/api-client';
import { getAdminUsersQueryOptions } from './get-admin-users';
import { getAuditLogQueryOptions } from './get-audit-log';

type UpdateAdminUser = { id: string; changes: AdminUserPatchBody };

/** A new role, or disabled (which ends the account's sessions) or enabled again. */
export async function updateAdminUser({ id, changes }: UpdateAdminUser): Promise<AdminUser> {
  const response = await apiClient.patch(`/api/admin/users/${encodeURIComponent(id)}`, changes);
  return unwrap<typeof adminUserResultSchema>(response).user;
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    // Refetched rather than patched in place: the server's answer for the other rows (the last
    // owner) and its audit entry are what the page must show. An owner may have changed their
    // own role, which changes what the session's user may do.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getAdminUsersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAuditLogQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
