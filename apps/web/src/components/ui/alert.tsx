import { classVariants, type VariantProps } from '@/utils/class-variants';
import { CircleAlert, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '@/utils/cx';

const alertVariants = classVariants('flex items-start gap-2 rounded-md border px-3 py-2.5', {
  variants: {
    variant: {
      error:
        'border-red-200 bg-red-50 text-red-800 dark:border-red-900/70 dark:bg-red-950/50 dark:text-red-200',
      info: 'border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300',
    },
    // `sm` for a notice inside a denser block, such as the sync status bar.
    size: { md: 'text-sm', sm: 'text-xs' },
  },
  defaultVariants: { variant: 'error', size: 'md' },
});

type AlertProps = VariantProps<typeof alertVariants> & { children: ReactNode; className?: string };

/**
 * Inline message; errors are announced to screen readers as they appear. Classes join with
 * `cx`: sizes and colours are variants, `className` only adds layout.
 */
export function Alert({ variant = 'error', size, children, className }: AlertProps) {
  const Icon = variant === 'error' ? CircleAlert : Info;
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cx(alertVariants({ variant, size }), className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
