import { type ChangeEvent, type FormEvent, useRef, useState, useTransition } from 'react';
import { useValuesTypedBeforeHydration } from '@/hooks/use-values-typed-before-hydration';
import type { FieldErrors } from '@/utils/field-errors';

type Values<Field extends string> = Record<Field, string>;

/**
 * The state of the prerendered sign-in and sign-up forms: the fields and the message under each,
 * a message for the whole form, and the pending request. Keeps what was typed before hydration.
 * `fields` are the inputs' names, a constant; `validate` gives the message for each field that
 * does not pass, checked on submit. (Positional arguments and no more than these pages need: the
 * hook is part of their first-load JavaScript, which has a tight budget.)
 */
export function useAuthForm<Field extends string>(
  fields: readonly Field[],
  initialValues: Values<Field>,
  validate: (values: Values<Field>) => FieldErrors<Field>,
) {
  const [values, setValues] = useState<Values<Field>>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A React action, not a TanStack mutation: these pages ship no query cache.
  const [isPending, startTransition] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);
  useValuesTypedBeforeHydration(formRef, fields, (typed) =>
    setValues((current) => ({ ...current, ...typed })),
  );

  // A TextField's value, change handler and message, spread last on it. Editing a field clears
  // its message.
  const fieldProps = (field: Field) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
    error: errors[field],
  });

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

  return { formRef, fieldProps, setErrors, formError, setFormError, isPending, submitWith };
}
