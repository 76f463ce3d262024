import { checkAnyPassword, checkLoginEmail, normaliseEmail } from '@shipdeck/shared/auth-checks';
import { errorMessages } from '@shipdeck/shared/messages';
import { type FormEvent, useRef, useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { useValuesTypedBeforeHydration } from '@/hooks/use-values-typed-before-hydration';
import { getErrorMessage } from '@/lib/api-error';
import type { FieldErrors } from '@/utils/field-errors';
import { signIn } from '../api/login';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

type LoginFormProps = { onSuccess: () => void; initialEmail?: string };

export function LoginForm({ onSuccess, initialEmail = '' }: LoginFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({
    email: initialEmail,
    password: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A React action, not a TanStack mutation: this page ships no query cache.
  const [isPending, startTransition] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);
  useValuesTypedBeforeHydration(formRef, FIELDS, (typed) =>
    setValues((current) => ({ ...current, ...typed })),
  );

  const update = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const fieldErrors: FieldErrors<Field> = {
      email: checkLoginEmail(values.email) ?? undefined,
      password: checkAnyPassword(values.password) ?? undefined,
    };
    setErrors(fieldErrors);
    if (Object.values(fieldErrors).some(Boolean)) return;
    startTransition(async () => {
      try {
        await signIn({ email: normaliseEmail(values.email), password: values.password });
      } catch (error) {
        setFormError(getErrorMessage(error, errorMessages.loginFailed));
        return;
      }
      onSuccess();
    });
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField
        id="email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        placeholder="you@example.com"
        value={values.email}
        onChange={(event) => update('email', event.target.value)}
        error={errors.email}
      />
      <TextField
        id="password"
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        value={values.password}
        onChange={(event) => update('password', event.target.value)}
        error={errors.password}
      />
      <SubmitButton size="lg" className="w-full" loading={isPending}>
        Sign in
      </SubmitButton>
    </form>
  );
}
