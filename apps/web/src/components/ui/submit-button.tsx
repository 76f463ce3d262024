import type { ComponentProps } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { Button } from './button';

/**
 * A form's submit button, disabled until the page's code runs: before that the browser itself
 * would submit a prerendered form, a GET that puts every field (a password too) in the address.
 * Its own component so that turning it on re-renders the button alone: re-rendering the form
 * would reset what the visitor typed before the code arrived.
 */
export function SubmitButton({ disabled, ...props }: Omit<ComponentProps<typeof Button>, 'type'>) {
  const hydrated = useHydrated();
  return <Button type="submit" disabled={disabled || !hydrated} {...props} />;
}
