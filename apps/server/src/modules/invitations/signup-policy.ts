import type { UserRole } from '@shipdeck/shared/roles';
import { errorMessages } from '@shipdeck/shared/messages';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { instanceHasOwner } from '../instance-settings/instance-settings.repository.js';
import type { InvitationRow } from './invitations.table.js';
import { usableInvitation } from './usable-invitation.js';

export interface SignupAdmission {
  role: UserRole;
  invitation: InvitationRow | null;
}

/** Why a sign-up was refused, for the audit log; the answer is the 403 this carries. */
export class SignupRefused extends AppError {
  constructor(mode: 'invite' | 'closed') {
    super(
      403,
      'SIGNUPS_CLOSED',
      mode === 'closed' ? errorMessages.signupsClosed : errorMessages.signupsInviteOnly,
    );
  }
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Whether a new account may be created for this address, and with which role:
 * - an invitation admits whoever holds it (to its address, when it names one), with its role;
 * - the very first account of an instance is always admitted (it becomes the owner);
 * - otherwise SIGNUPS decides: `open` admits anyone, `invite` admits addresses on
 *   SIGNUP_EMAIL_DOMAINS, `closed` no one.
 * Throws the answer to give (403 refused, 400/410 for a bad invitation).
 */
export async function admitSignup(
  db: Db,
  signups: AppConfig['signups'],
  input: {
    email: string;
    /** The link's token (email sign-up), or the id a GitHub sign-in carried from it. */
    invitation: { token: string } | { id: string } | null;
    nowIso: string;
  },
): Promise<SignupAdmission> {
  if (input.invitation) {
    const invitation = await usableInvitation(db, input.invitation, input.nowIso);
    if (invitation.email && invitation.email.toLowerCase() !== input.email.toLowerCase()) {
      throw new AppError(400, 'VALIDATION_ERROR', errorMessages.invitationEmailMismatch, [
        { field: 'body.email', message: errorMessages.invitationEmailMismatch },
      ]);
    }
    return { role: invitation.role, invitation };
  }
  if (!(await instanceHasOwner(db))) return { role: 'member', invitation: null };
  if (signups.mode === 'open') return { role: 'member', invitation: null };
  if (signups.mode === 'invite' && signups.emailDomains.includes(domainOf(input.email))) {
    return { role: 'member', invitation: null };
  }
  throw new SignupRefused(signups.mode);
}
