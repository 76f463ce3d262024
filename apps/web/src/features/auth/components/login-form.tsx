import { checkAnyPassword, checkLoginEmail, normaliseEmail } from '@shipdeck/shared/auth-checks';
import { signInErrorMessages } from '@shipdeck/shared/sign-in-messages';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-error';
import { signIn } from '../api/login';
import { useAuthForm } from '../hooks/use-auth-form';
import { EmailField } from './email-field';

const FIELDS = ['email', 'password'] as const;

type LoginFormProps = { onSuccess: () => void; initialEmail?: string };

export function LoginForm({ onSuccess, initialEmail = '' }: LoginFormProps) {
  const { formRef, fieldProps, formError, setFormError, isPending, submitWith } = useAuthForm(
    FIELDS,
    { email: initialEmail, password: '' },
    ({ email, password }) => ({
      email: checkLoginEmail(email) ?? undefined,
      password: checkAnyPassword(password) ?? undefined,
    }),
  );

  const onSubmit = submitWith(async ({ email, password }) => {
    try {
      await signIn({ email: normaliseEmail(email), password });
    } catch (error) {
      setFormError(getErrorMessage(error, signInErrorMessages.loginFailed));
      return;
    }
    onSuccess();
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <EmailField {...fieldProps('email')} />
      <TextField
        id="password"
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        {...fieldProps('password')}
      />
      <SubmitButton size="lg" className="w-full" loading={isPending}>
        Sign in
      </SubmitButton>
    </form>
  );
}
