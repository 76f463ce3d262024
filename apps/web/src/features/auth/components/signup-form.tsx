import {
  checkEmail,
  checkNewPassword,
  checkUsername,
  normaliseEmail,
} from '@shipdeck/shared/auth-checks';
import { errorMessages, validationMessages } from '@shipdeck/shared/messages';
import { type FormEvent, useRef, useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { useValuesTypedBeforeHydration } from '@/hooks/use-values-typed-before-hydration';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { type FieldErrors, firstErrorByField } from '@/utils/field-errors';
import { signup } from '../api/signup';
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

export function SignupForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const [values, setValues] = useState<Values>({
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
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
    const fieldErrors = validate(values);
    setErrors(fieldErrors);
    if (Object.values(fieldErrors).some(Boolean)) return;
    startTransition(async () => {
      const user = await signup({
        username: values.username.trim(),
        email: normaliseEmail(values.email),
        password: values.password,
      }).catch((error: unknown) => {
        const serverFieldErrors =
          error instanceof ApiError ? firstErrorByField(error.fieldErrors, FIELDS) : {};
        setErrors(serverFieldErrors);
        // Errors the server pinned on a field show there; anything else goes above the form.
        if (!Object.values(serverFieldErrors).some(Boolean)) {
          setFormError(getErrorMessage(error, errorMessages.signupFailed));
        }
        return null;
      });
      if (user) onSuccess(user.email);
    });
  };

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
        value={values.username}
        onChange={(event) => update('username', event.target.value)}
        error={errors.username}
      />
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
        type={passwordType}
        label="Password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={values.password}
        onChange={(event) => update('password', event.target.value)}
        error={errors.password}
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
        value={values.confirmPassword}
        onChange={(event) => update('confirmPassword', event.target.value)}
        error={errors.confirmPassword}
      />
      <SubmitButton size="lg" className="w-full" loading={isPending}>
        Create account
      </SubmitButton>
    </form>
  );
}
