import type { InvitationCreated } from '@shipdeck/shared/admin';
import { checkEmail, normaliseEmail } from '@shipdeck/shared/auth-checks';
import { adminMessages } from '@shipdeck/shared/instance-access-messages';
import { type UserRole, userRoleLabels } from '@shipdeck/shared/roles';
import { MailPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useUser } from '@/features/auth/hooks/use-session';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useCreateInvitation } from '../api/create-invitation';
import { assignableRoles } from '../manage-rules';
import { InvitationLink } from './invitation-link';

/** Makes an invitation link, for one address or for whoever receives it. */
export function CreateInvitationForm() {
  const viewer = useUser();
  const roles = assignableRoles(viewer.role);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [role, setRole] = useState<UserRole>('member');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  const create = useCreateInvitation();
  const roleId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const address = email.trim();
    const problem = address === '' ? null : checkEmail(address);
    setEmailError(problem ?? undefined);
    if (problem) return;
    create.mutate(address === '' ? { role } : { email: normaliseEmail(address), role }, {
      onSuccess: (invitation) => {
        setCreated(invitation);
        setEmail('');
        toast.success(adminMessages.invitationCreated);
      },
      onError: (failure) => setError(getErrorMessage(failure, adminMessages.createInvitation)),
    });
  };

  return (
    <Card aria-labelledby="create-invitation-title">
      <CardHeader
        icon={<MailPlus />}
        title="Invite someone"
        titleId="create-invitation-title"
        description="An invitation link lets one person create an account, with the role you choose. It works once."
      />
      <CardBody className="space-y-4">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error ? <Alert>{error}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
            <TextField
              id="invitationEmail"
              name="email"
              type="email"
              label="Email (optional)"
              autoComplete="off"
              placeholder="someone@example.com"
              hint="With an address, only that address can use the link."
              value={email}
              error={emailError}
              onChange={(event) => {
                setEmail(event.target.value);
                setEmailError(undefined);
              }}
            />
            <div className="space-y-1.5">
              <label
                htmlFor={roleId}
                className="block text-sm font-medium text-zinc-800 dark:text-zinc-200"
              >
                Role
              </label>
              <Select
                id={roleId}
                value={role}
                onChange={(event) =>
                  setRole(roles.find((option) => option === event.target.value) ?? 'member')
                }
              >
                {roles.map((option) => (
                  <option key={option} value={option}>
                    {userRoleLabels[option]}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={create.isPending}>
              Create invitation
            </Button>
          </div>
        </form>
        {created ? <InvitationLink invitation={created} /> : null}
      </CardBody>
    </Card>
  );
}
