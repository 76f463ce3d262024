import { profileBodySchema } from '@shipdeck/shared/auth';
import { mailUiTexts } from '@shipdeck/shared/mail';
import { errorMessages, successMessages } from '@shipdeck/shared/messages';
import { validationMessages } from '@shipdeck/shared/sign-in-messages';
import { Pencil, UserRound } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/description-list';
import { TextField } from '@/components/ui/text-field';
import { useUser } from '@/features/auth/hooks/use-session';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { type FieldErrors, firstErrorByField } from '@/utils/field-errors';
import { getEmailChangeQueryOptions } from '../api/email-change';
import { useUpdateProfile } from '../api/update-profile';
import { PendingEmailChange } from './pending-email-change';
import { needsReauth, ReauthNotice } from './reauth-notice';

const FIELDS = ['displayName', 'email', 'currentPassword'] as const;
type Field = (typeof FIELDS)[number];

export function ProfileInformation() {
  const user = useUser();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({
    displayName: user.displayName,
    email: user.email,
    currentPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [reauth, setReauth] = useState(false);
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  // A new email is a lasting change: the password proves the owner is at the keyboard.
  const emailChanged = values.email.trim().toLowerCase() !== user.email;
  const askPassword = emailChanged && user.hasPassword;

  const startEditing = () => {
    setValues({ displayName: user.displayName, email: user.email, currentPassword: '' });
    setErrors({});
    setReauth(false);
    setEditing(true);
  };

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = profileBodySchema.safeParse({
      displayName: values.displayName,
      email: values.email,
      ...(askPassword ? { currentPassword: values.currentPassword } : {}),
    });
    if (!parsed.success) {
      setErrors(firstErrorByField(parsed.error.issues, FIELDS));
      return;
    }
    if (askPassword && values.currentPassword === '') {
      setErrors({ currentPassword: validationMessages.currentPasswordRequired });
      return;
    }
    setReauth(false);
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        // Where the server mails a link first, the account keeps its address until it is opened.
        const waiting = parsed.data.email !== saved.email;
        toast.success(
          waiting
            ? mailUiTexts.emailChangeStarted(parsed.data.email)
            : successMessages.profileUpdated,
        );
        void queryClient.invalidateQueries({ queryKey: getEmailChangeQueryOptions().queryKey });
        setEditing(false);
      },
      onError: (error) => {
        if (needsReauth(error)) {
          setReauth(true);
          return;
        }
        if (error instanceof ApiError && error.fieldErrors.length > 0) {
          setErrors(firstErrorByField(error.fieldErrors, FIELDS));
          return;
        }
        toast.error(getErrorMessage(error, errorMessages.updateProfile));
      },
    });
  };

  return (
    <Card aria-labelledby="profile-information-title">
      <CardHeader
        icon={<UserRound />}
        title="Profile Information"
        titleId="profile-information-title"
        description="How you appear in Shipdeck and where we reach you."
        action={
          editing ? null : (
            <Button variant="outline" size="sm" onClick={startEditing}>
              <Pencil aria-hidden="true" />
              Edit Profile
            </Button>
          )
        }
      />
      <CardBody>
        {editing ? (
          <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
            <TextField
              id="displayName"
              name="displayName"
              label="Display name"
              autoComplete="name"
              value={values.displayName}
              onChange={(event) => change('displayName', event.target.value)}
              error={errors.displayName}
            />
            <TextField
              id="profileEmail"
              name="email"
              type="email"
              label="Email"
              autoComplete="email"
              value={values.email}
              onChange={(event) => change('email', event.target.value)}
              error={errors.email}
            />
            {askPassword ? (
              <TextField
                id="profileCurrentPassword"
                name="currentPassword"
                type="password"
                label="Current password"
                autoComplete="current-password"
                hint="Needed to change your email."
                value={values.currentPassword}
                onChange={(event) => change('currentPassword', event.target.value)}
                error={errors.currentPassword}
              />
            ) : null}
            {reauth ? <ReauthNotice /> : null}
            <div className="flex gap-2">
              <Button type="submit" loading={update.isPending}>
                Save
              </Button>
              <Button
                variant="outline"
                onClick={() => setEditing(false)}
                disabled={update.isPending}
              >
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <Avatar name={user.displayName || user.username} src={user.avatar} size="lg" />
            <div className="min-w-0 flex-1">
              <DescriptionList
                items={[
                  { term: 'Display name', value: user.displayName || '—' },
                  { term: 'Username', value: user.username },
                  { term: 'Email', value: user.email },
                ]}
              />
              <PendingEmailChange />
            </div>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
