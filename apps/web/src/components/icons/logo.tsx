import { cx } from '@/utils/cx';

/** Shipdeck's mark and word mark; the mark alone when `compact`. */
export function Logo({
  className,
  compact = false,
  wordClassName,
}: {
  className?: string;
  compact?: boolean;
  /** Classes of the word beside the mark (the app bar hides it on the narrowest phones). */
  wordClassName?: string;
}) {
  return (
    <span className={cx('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-6 shrink-0">
        <rect width="32" height="32" rx="7" className="fill-zinc-900 dark:fill-zinc-50" />
        <path
          d="M8 19.5 16 8l8 11.5h-5.2V24h-5.6v-4.5z"
          className="fill-zinc-50 dark:fill-zinc-900"
        />
      </svg>
      {compact ? (
        <span className="sr-only">Shipdeck</span>
      ) : (
        <span className={wordClassName}>Shipdeck</span>
      )}
    </span>
  );
}
