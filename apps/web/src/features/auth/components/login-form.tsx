import { loginBodySchema } from '@shipdeck/shared/auth';
import { errorMessages } from '@shipdeck/shared/messages';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-error';
import { type FieldErrors, firstErrorByField } from '@/utils/field-errors';
import { useLogin } from '../api/login';

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
  const login = useLogin({ onSuccess });

  const update = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = loginBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrorByField(parsed.error.issues, FIELDS));
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onError: (error) => setFormError(getErrorMessage(error, errorMessages.loginFailed)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
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
      <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
        Sign in
      </Button>
    </form>
  );
}
