import {
  checkEmail,
  checkNewPassword,
  checkUsername,
  normaliseEmail,
} from '@shipdeck/shared/auth-checks';
import { signInErrorMessages, validationMessages } from '@shipdeck/shared/sign-in-messages';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { type FieldErrors, firstErrorByField } from '@/utils/field-errors';
import { signup } from '../api/signup';
import { useAuthForm } from '../hooks/use-auth-form';
import { EmailField } from './email-field';
import { PasswordVisibilityToggle } from './password-visibility-toggle';

const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

function validate(values: Values): FieldErrors<Field> {
  return {
    username: checkUsername(values.username) ?? undefined,
    email: checkEmail(values.email) ?? undefined,
    password: checkNewPassword(values.password) ?? undefined,
    confirmPassword:
      values.password === values.confirmPassword
        ? undefined
        : validationMessages.passwordsDoNotMatch,
  };
}

type SignupFormProps = {
  onSuccess: (email: string) => void;
  /** The token of the invitation link the page was opened with, sent with the sign-up. */
  invitation?: string;
  /** The address the invitation is for: filled in and fixed, with why under it. */
  invitedEmail?: { email: string; note: string };
};

export function SignupForm({ onSuccess, invitation, invitedEmail }: SignupFormProps) {
  const { formRef, fieldProps, setErrors, formError, setFormError, isPending, submitWith } =
    useAuthForm(
      FIELDS,
      { username: '', email: invitedEmail?.email ?? '', password: '', confirmPassword: '' },
      validate,
    );
  const [showPassword, setShowPassword] = useState(false);

  const onSubmit = submitWith(async ({ username, email, password }) => {
    const user = await signup({
      username: username.trim(),
      email: normaliseEmail(email),
      password,
      invitation,
    }).catch((error: unknown) => {
      const serverFieldErrors =
        error instanceof ApiError ? firstErrorByField(error.fieldErrors, FIELDS) : {};
      setErrors(serverFieldErrors);
      // Errors the server pinned on a field show there; anything else goes above the form.
      if (!Object.values(serverFieldErrors).some(Boolean)) {
        setFormError(getErrorMessage(error, signInErrorMessages.signupFailed));
      }
      return null;
    });
    if (user) onSuccess(user.email);
  });

  const passwordType = showPassword ? 'text' : 'password';
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField
        id="username"
        name="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...fieldProps('username')}
      />
      <EmailField
        {...fieldProps('email')}
        readOnly={invitedEmail !== undefined}
        hint={invitedEmail?.note}
      />
      <TextField
        id="password"
        name="password"
        type={passwordType}
        label="Password"
        autoComplete="new-password"
        hint="At least 6 characters."
        {...fieldProps('password')}
        trailing={
          <PasswordVisibilityToggle
            visible={showPassword}
            onToggle={() => setShowPassword((shown) => !shown)}
            controls="password confirmPassword"
          />
        }
      />
      <TextField
        id="confirmPassword"
        name="confirmPassword"
        type={passwordType}
        label="Confirm password"
        autoComplete="new-password"
        {...fieldProps('confirmPassword')}
      />
      <SubmitButton size="lg" className="w-full" loading={isPending}>
        Create account
      </SubmitButton>
    </form>
  );
}
