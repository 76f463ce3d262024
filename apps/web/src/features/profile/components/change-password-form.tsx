import { changePasswordFormSchema } from '@shipdeck/shared/auth';
import { errorMessages, successMessages } from '@shipdeck/shared/messages';
import { validationMessages } from '@shipdeck/shared/sign-in-messages';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { useUser } from '@/features/auth/hooks/use-session';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import { needsReauth, ReauthNotice } from './reauth-notice';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Values = typeof EMPTY;

/** The first problem, in the spec's order: mismatch, then length, then a missing current password. */
function clientCheck(values: Values, needsCurrent: boolean): string | null {
  const parsed = changePasswordFormSchema.safeParse(values);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? validationMessages.passwordMin;
  if (needsCurrent && values.currentPassword === '')
    return validationMessages.currentPasswordRequired;
  return null;
}

export function ChangePasswordForm() {
  const user = useUser();
  const [values, setValues] = useState<Values>(EMPTY);
  const [reauth, setReauth] = useState(false);
  const changePassword = useChangePassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = clientCheck(values, user.hasPassword);
    if (problem) {
      toast.error(problem);
      return;
    }
    setReauth(false);
    changePassword.mutate(
      {
        newPassword: values.newPassword,
        ...(user.hasPassword ? { currentPassword: values.currentPassword } : {}),
      },
      {
        onSuccess: () => {
          toast.success(successMessages.passwordChanged);
          setValues(EMPTY);
        },
        onError: (error) => {
          if (needsReauth(error)) setReauth(true);
          else toast.error(getErrorMessage(error, errorMessages.changePassword));
        },
      },
    );
  };

  const field = (key: keyof Values) => ({
    name: key,
    id: key,
    type: 'password',
    value: values[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
  });

  return (
    <Card aria-labelledby="change-password-title">
      <CardHeader
        icon={<KeyRound />}
        title="Change Password"
        titleId="change-password-title"
        description={
          user.hasPassword
            ? 'Changing your password signs you out on every other device.'
            : 'Your account signs in with GitHub. Set a password to sign in with your email too; this needs a GitHub sign-in in the last few minutes.'
        }
      />
      <CardBody>
        <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
          {user.hasPassword ? (
            <TextField
              label="Current password"
              autoComplete="current-password"
              {...field('currentPassword')}
            />
          ) : null}
          <TextField
            label="New password"
            autoComplete="new-password"
            hint="At least 6 characters."
            {...field('newPassword')}
          />
          <TextField
            label="Confirm password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
          {reauth ? <ReauthNotice /> : null}
          <Button type="submit" loading={changePassword.isPending}>
            {user.hasPassword ? 'Change Password' : 'Set Password'}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
