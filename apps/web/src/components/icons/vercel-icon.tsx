import type { ComponentProps } from 'react';

/** The Vercel triangle. */
export function VercelIcon(props: ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M12 2 23 21H1L12 2Z" />
    </svg>
  );
}
