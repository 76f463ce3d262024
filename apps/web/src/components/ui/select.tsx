import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cx } from '@/utils/cx';

/** The platform's own select, styled like Input: keyboard and screen-reader behaviour for free. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cx('relative', className)}>
      <select
        className="block h-9 w-full cursor-pointer appearance-none rounded-md border border-zinc-300 bg-white py-0 pr-8 pl-3 text-sm text-zinc-900 shadow-xs transition-colors focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-600/30 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:focus-visible:border-blue-400 dark:focus-visible:outline-blue-400/30"
        {...props}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-zinc-500"
      />
    </div>
  );
}
