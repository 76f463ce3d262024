import type { ComponentProps } from 'react';
import { cn } from '@/utils/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'block h-9 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-xs transition-colors placeholder:text-zinc-400 focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-600/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:focus-visible:border-blue-400 dark:focus-visible:outline-blue-400/30 dark:aria-invalid:border-red-500',
        className,
      )}
      {...props}
    />
  );
}
