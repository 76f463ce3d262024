import type { Invitation, invitationsResultSchema } from '@shipdeck/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

/** The invitations not yet used, revoked or expired. */
export async function getInvitations(): Promise<Invitation[]> {
  const response = await apiClient.get('/api/admin/invitations', { skipErrorToast: true });
  return unwrap<typeof invitationsResultSchema>(response).invitations;
}

export function getInvitationsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'invitations'],
    queryFn: getInvitations,
    // Others change these too (a sign-up, another admin): opening the tab reads them again.
    staleTime: 0,
  });
}

export function useInvitations() {
  return useQuery(getInvitationsQueryOptions());
}
