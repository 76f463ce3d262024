import type { InvitationCreated } from '@shipdeck/shared/admin';
import { adminMessages } from '@shipdeck/shared/instance-access-messages';
import { OneTimeLink } from './one-time-link';

/** The link of the invitation just created, shown once (the server keeps only its hash). */
export function InvitationLink({ invitation }: { invitation: InvitationCreated }) {
  return (
    <OneTimeLink
      label="Invitation link"
      note={adminMessages.invitationLinkOnce}
      url={invitation.url}
      expiresAt={invitation.expiresAt}
      copiedMessage={adminMessages.linkCopied}
    />
  );
}
