import { checkNewPassword } from '@shipdeck/shared/auth-checks';
import { passwordResetMessages } from '@shipdeck/shared/instance-access-messages';
import { validationMessages } from '@shipdeck/shared/sign-in-messages';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { firstErrorByField } from '@/utils/field-errors';
import { completePasswordReset } from '../api/complete-password-reset';
import { useAuthForm } from '../hooks/use-auth-form';
import { PasswordVisibilityToggle } from './password-visibility-toggle';

const FIELDS = ['password', 'confirmPassword'] as const;

type ResetPasswordFormProps = { token: string; onSuccess: () => void };

/** The new password, twice, for the account the link's token was made for. */
export function ResetPasswordForm({ token, onSuccess }: ResetPasswordFormProps) {
  const { formRef, fieldProps, setErrors, formError, setFormError, isPending, submitWith } =
    useAuthForm(FIELDS, { password: '', confirmPassword: '' }, ({ password, confirmPassword }) => ({
      password: checkNewPassword(password) ?? undefined,
      confirmPassword:
        password === confirmPassword ? undefined : validationMessages.passwordsDoNotMatch,
    }));
  const [showPassword, setShowPassword] = useState(false);

  const onSubmit = submitWith(async ({ password }) => {
    try {
      await completePasswordReset({ token, password });
    } catch (error) {
      const serverFieldErrors =
        error instanceof ApiError ? firstErrorByField(error.fieldErrors, FIELDS) : {};
      setErrors(serverFieldErrors);
      // A refused link (used, expired, unknown) is the server's one message, above the form.
      if (!serverFieldErrors.password) {
        setFormError(getErrorMessage(error, passwordResetMessages.failed));
      }
      return;
    }
    onSuccess();
  });

  const passwordType = showPassword ? 'text' : 'password';
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField
        id="password"
        name="password"
        type={passwordType}
        label="New password"
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
        label="Confirm new password"
        autoComplete="new-password"
        {...fieldProps('confirmPassword')}
      />
      <SubmitButton size="lg" className="w-full" loading={isPending}>
        {passwordResetMessages.submit}
      </SubmitButton>
    </form>
  );
}
