import { type ChangeEvent, useState } from 'react';
import type { FieldErrors } from '@/utils/field-errors';

/**
 * A form's text fields and the message under each. `update` sets one field and clears its
 * message, so a message shown after a submit goes as soon as the visitor edits that field.
 */
export function useFormFields<Field extends string>(initialValues: Record<Field, string>) {
  const [values, setValues] = useState<Record<Field, string>>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const update = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** A TextField's value, change handler and message for one field, spread last on it. */
  const fieldProps = (field: Field) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(field, event.target.value),
    error: errors[field],
  });

  return { values, setValues, errors, setErrors, update, fieldProps };
}
