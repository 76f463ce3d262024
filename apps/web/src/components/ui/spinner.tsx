import { cx } from '@/utils/cx';

type SpinnerProps = { className?: string; label?: string };

/** A decorative ring unless `label` is given, in which case it is announced as a status. */
export function Spinner({ className, label }: SpinnerProps) {
  const ring = (
    <span
      aria-hidden="true"
      className={cx(
        'inline-block shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent',
        // Joined without tailwind-merge (the Button carries this onto the lightest pages), so the
        // default size steps aside for a caller's own.
        !/(^|\s)size-/.test(className ?? '') && 'size-4',
        className,
      )}
    />
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {ring}
      <span>{label}</span>
    </span>
  );
}
