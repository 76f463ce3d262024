import { type FormEvent, useRef, useState, useTransition } from 'react';
import { useFormFields } from '@/hooks/use-form-fields';
import { useValuesTypedBeforeHydration } from '@/hooks/use-values-typed-before-hydration';
import type { FieldErrors } from '@/utils/field-errors';

type Values<Field extends string> = Record<Field, string>;

type AuthFormOptions<Field extends string> = {
  /** The inputs' names, a constant: what was typed before hydration is read by them. */
  fields: readonly Field[];
  initialValues: Values<Field>;
  /** The message for each field that does not pass, checked on submit. */
  validate: (values: Values<Field>) => FieldErrors<Field>;
};

/**
 * The state of a prerendered sign-in or sign-up form: its fields and their messages, a message
 * for the whole form, and the pending request. Keeps what was typed before hydration.
 */
export function useAuthForm<Field extends string>({
  fields,
  initialValues,
  validate,
}: AuthFormOptions<Field>) {
  const formFields = useFormFields(initialValues);
  const { values, setValues, setErrors } = formFields;
  const [formError, setFormError] = useState<string | null>(null);
  // A React action, not a TanStack mutation: these pages ship no query cache.
  const [isPending, startTransition] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);
  useValuesTypedBeforeHydration(formRef, fields, (typed) =>
    setValues((current) => ({ ...current, ...typed })),
  );

  // The submit handler: clears the form's message, checks the fields and, only when every one
  // passes, sends them through `send` as a React action (pending until it settles).
  const submitWith =
    (send: (values: Values<Field>) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setFormError(null);
      const fieldErrors = validate(values);
      setErrors(fieldErrors);
      if (Object.values(fieldErrors).some(Boolean)) return;
      startTransition(() => send(values));
    };

  return { ...formFields, formRef, formError, setFormError, isPending, submitWith };
}
