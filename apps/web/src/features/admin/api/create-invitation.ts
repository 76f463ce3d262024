import type {
  InvitationCreateBody,
  InvitationCreated,
  invitationCreatedSchema,
} from '@shipdeck/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { getAuditLogQueryOptions } from './get-audit-log';
import { getInvitationsQueryOptions } from './get-invitations';

/** A new invitation; its link is in this answer only (the server keeps just its hash). */
export async function createInvitation(body: InvitationCreateBody): Promise<InvitationCreated> {
  const response = await apiClient.post('/api/admin/invitations', body);
  return unwrap<typeof invitationCreatedSchema>(response);
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getInvitationsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAuditLogQueryOptions().queryKey }),
      ]),
  });
}
