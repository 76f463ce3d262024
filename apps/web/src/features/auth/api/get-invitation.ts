import type { InvitationPreview, invitationPreviewSchema } from '@shipdeck/shared/admin';
import { apiClient, unwrap } from '@/lib/api-client';

/** Who sent the invitation link, for whom and with which role; 400 or 410 when it cannot be used. */
export async function getInvitation(invitation: string): Promise<InvitationPreview> {
  const response = await apiClient.post('/auth/invitation', { invitation });
  return unwrap<typeof invitationPreviewSchema>(response);
}
