import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';

const alertVariants = cva('flex items-start gap-2 rounded-md border px-3 py-2.5 text-sm', {
  variants: {
    variant: {
      error:
        'border-red-200 bg-red-50 text-red-800 dark:border-red-900/70 dark:bg-red-950/50 dark:text-red-200',
      info: 'border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300',
    },
  },
  defaultVariants: { variant: 'error' },
});

type AlertProps = VariantProps<typeof alertVariants> & { children: ReactNode; className?: string };

/** Inline message; errors are announced to screen readers as they appear. */
export function Alert({ variant = 'error', children, className }: AlertProps) {
  const Icon = variant === 'error' ? CircleAlert : Info;
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
