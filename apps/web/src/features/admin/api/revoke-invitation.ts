import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getAuditLogQueryOptions } from './get-audit-log';
import { getInvitationsQueryOptions } from './get-invitations';

/** The link stops working at once. */
export async function revokeInvitation(id: string): Promise<void> {
  await apiClient.delete(`/api/admin/invitations/${encodeURIComponent(id)}`);
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getInvitationsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAuditLogQueryOptions().queryKey }),
      ]),
  });
}
