import type { Invitation } from '@shipdeck/shared/admin';
import { adminMessages } from '@shipdeck/shared/instance-access-messages';
import { Ticket } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { formatDateTime } from '@/utils/format-date';
import { useInvitations } from '../api/get-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { RoleBadge } from './role-badge';
import { SectionPending } from './section-pending';

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const revoke = useRevokeInvitation();
  const who = invitation.email ?? 'Anyone with the link';
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-5">
      <div className="min-w-0 flex-1 basis-56">
        <div className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 truncate text-sm font-medium text-zinc-900 dark:text-zinc-50">
            {who}
          </span>
          <RoleBadge role={invitation.role} />
        </div>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {invitation.invitedBy ? `Invited by ${invitation.invitedBy} · ` : ''}
          Expires{' '}
          <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Revoke the invitation for ${who}`}
        loading={revoke.isPending}
        onClick={() =>
          revoke.mutate(invitation.id, {
            onSuccess: () => toast.success(adminMessages.invitationRevoked),
            onError: (error) => toast.error(getErrorMessage(error, adminMessages.revokeInvitation)),
          })
        }
      >
        Revoke
      </Button>
    </li>
  );
}

/** Invitations not yet used, revoked or expired. */
export function PendingInvitations() {
  const invitations = useInvitations();
  return (
    <Card aria-labelledby="pending-invitations-title">
      <CardHeader
        icon={<Ticket />}
        title="Pending invitations"
        titleId="pending-invitations-title"
      />
      {!invitations.data ? (
        <div className="p-4 sm:p-5">
          <SectionPending
            query={invitations}
            loadingLabel="Loading invitations…"
            errorTitle={adminMessages.loadInvitations}
          />
        </div>
      ) : invitations.data.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-zinc-500 sm:px-5 dark:text-zinc-400">
          {adminMessages.noInvitations}
        </p>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {invitations.data.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </Card>
  );
}
