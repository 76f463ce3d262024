import type { ComponentProps, ReactNode } from 'react';
import { cx } from '@/utils/cx';

type CardProps = ComponentProps<'section'> & {
  /** `danger` draws a red border, for destructive actions. */
  tone?: 'default' | 'danger';
};

const cardBorders = {
  default: 'border-zinc-200 dark:border-zinc-800',
  danger: 'border-red-200 dark:border-red-900/60',
};

// Classes join with `cx` (no tailwind-merge): borders and padding are props, `className` only
// adds what the component does not set.
export function Card({ className, tone = 'default', ...props }: CardProps) {
  return (
    <section
      className={cx('rounded-lg border bg-white dark:bg-zinc-900/40', cardBorders[tone], className)}
      {...props}
    />
  );
}

type CardHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** The id the enclosing section can point `aria-labelledby` at. */
  titleId?: string;
  icon?: ReactNode;
};

export function CardHeader({ title, description, action, titleId, icon }: CardHeaderProps) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
      <div className="flex min-w-0 items-start gap-2.5">
        {icon ? (
          <span className="mt-0.5 text-zinc-500 dark:text-zinc-400 [&_svg]:size-4">{icon}</span>
        ) : null}
        <div className="min-w-0">
          <h2 id={titleId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
            {title}
          </h2>
          {description ? (
            <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">{description}</p>
          ) : null}
        </div>
      </div>
      {action ? <div className="flex shrink-0 items-center gap-2">{action}</div> : null}
    </div>
  );
}

type CardBodyProps = ComponentProps<'div'> & {
  /** `compact` for a body of rows that bring their own vertical padding. */
  density?: 'default' | 'compact';
};

export function CardBody({ className, density = 'default', ...props }: CardBodyProps) {
  return (
    <div
      className={cx('px-4 sm:px-5', density === 'compact' ? 'py-1' : 'py-4', className)}
      {...props}
    />
  );
}
