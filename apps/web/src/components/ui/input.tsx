import { classVariants, type VariantProps } from '@/utils/class-variants';
import type { ComponentProps } from 'react';
import { cx } from '@/utils/cx';

const inputVariants = classVariants(
  'block h-9 w-full rounded-md border border-zinc-300 bg-white text-sm text-zinc-900 shadow-xs transition-colors placeholder:text-zinc-400 focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-600/30 disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-zinc-50 read-only:text-zinc-600 aria-invalid:border-red-500 dark:border-zinc-700 dark:read-only:bg-zinc-900 dark:read-only:text-zinc-400 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:focus-visible:border-blue-400 dark:focus-visible:outline-blue-400/30 dark:aria-invalid:border-red-500',
  {
    variants: {
      // Room for something drawn over the input: a search icon on the left, a button on the right.
      inset: {
        none: 'px-3',
        leadingIcon: 'pr-3 pl-8',
        trailingButton: 'pr-10 pl-3',
      },
    },
    defaultVariants: { inset: 'none' },
  },
);

type InputProps = ComponentProps<'input'> & VariantProps<typeof inputVariants>;

/**
 * Padding is the `inset` variant (classes join with `cx`, see utils/cx.ts); `className` only adds
 * classes the input does not set.
 */
export function Input({ className, inset, ...props }: InputProps) {
  return <input className={cx(inputVariants({ inset }), className)} {...props} />;
}
