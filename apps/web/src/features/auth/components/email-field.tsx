import type { ComponentProps } from 'react';
import { TextField } from '@/components/ui/text-field';

type EmailFieldProps = Pick<
  ComponentProps<typeof TextField>,
  'value' | 'onChange' | 'error' | 'readOnly' | 'hint'
>;

/** The email field of the sign-in and sign-up forms. */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      id="email"
      name="email"
      type="email"
      label="Email"
      autoComplete="email"
      placeholder="you@example.com"
      {...props}
    />
  );
}
