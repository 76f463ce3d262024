import { CreateInvitationForm } from './create-invitation-form';
import { PendingInvitations } from './pending-invitations';

export function InvitationsSection() {
  return (
    <div className="space-y-6">
      <CreateInvitationForm />
      <PendingInvitations />
    </div>
  );
}
