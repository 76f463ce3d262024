import type { InvitationPreview } from '@shipdeck/shared/admin';
import { signupAccessMessages as m } from '@shipdeck/shared/instance-access-messages';
import type { Meta } from '@shipdeck/shared/meta';
import { signInErrorMessages } from '@shipdeck/shared/sign-in-messages';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { getInvitation } from '../api/get-invitation';
import { GithubSignInOption } from './github-sign-in-option';
import { SignupForm } from './signup-form';

type SignupAccessProps = {
  /** What the server said of this instance; null until it has (or when it could not be asked). */
  meta: Meta | null;
  /** The `?invitation=` the page was opened with. */
  invitation: string | null;
  onSuccess: (email: string) => void;
};

function InvitedBy({ preview }: { preview: InvitationPreview }) {
  return (
    <Alert variant="info">
      <p className="font-medium">
        {preview.invitedBy ? m.invitedBy(preview.invitedBy) : m.invited}
      </p>
      {preview.role === 'member' ? null : <p>{preview.role === 'owner' ? m.asOwner : m.asAdmin}</p>}
    </Alert>
  );
}

/**
 * The sign-up page of an instance that does not take everyone (SIGNUPS=invite or closed), or
 * opened from an invitation link: says so before anyone types. An invitation that can be used
 * fills in (and fixes) its address and goes with the sign-up; one that cannot says why, and the
 * page is then what the instance's mode allows. Loaded only then: an open instance's /signup,
 * which has a tight first-load budget, ships none of this.
 */
export function SignupAccess({ meta, invitation, onSuccess }: SignupAccessProps) {
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (invitation === null) return;
    let current = true;
    getInvitation(invitation).then(
      (found) => {
        if (current) setPreview(found);
      },
      (error: unknown) => {
        if (current) setProblem(getErrorMessage(error, signInErrorMessages.invitationInvalid));
      },
    );
    return () => {
      current = false;
    };
  }, [invitation]);

  if (invitation !== null && preview !== null) {
    return (
      <div className="space-y-5">
        <InvitedBy preview={preview} />
        {/* The server carries the invitation through GitHub's sign-in too. */}
        <GithubSignInOption invitation={invitation} />
        <SignupForm
          onSuccess={onSuccess}
          invitation={invitation}
          {...(preview.email === null
            ? {}
            : { invitedEmail: { email: preview.email, note: m.emailFixed } })}
        />
      </div>
    );
  }
  if (invitation !== null && problem === null) {
    return (
      <div className="flex justify-center py-6 text-sm text-zinc-600 dark:text-zinc-400">
        <Spinner label={m.checkingInvitation} />
      </div>
    );
  }

  // No usable invitation: what the instance's mode allows (the server decides in the end).
  const mode = meta?.signups;
  const domains = mode === 'invite' ? (meta?.signupEmailDomains ?? []) : [];
  return (
    <div className="space-y-5">
      {problem ? <Alert>{problem}</Alert> : null}
      {mode === 'invite' || mode === 'closed' ? (
        <Alert variant="info">
          <p>
            {mode === 'closed'
              ? signInErrorMessages.signupsClosed
              : signInErrorMessages.signupsInviteOnly}
          </p>
          {domains.length > 0 ? (
            <p className="mt-1">
              {m.domainsAllowed} <strong>{domains.join(', ')}</strong>
            </p>
          ) : null}
        </Alert>
      ) : null}
      {mode === 'open' ? <GithubSignInOption /> : null}
      {mode === 'open' || domains.length > 0 ? <SignupForm onSuccess={onSuccess} /> : null}
    </div>
  );
}
