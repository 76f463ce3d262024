import { cn } from '@/utils/cn';

type SpinnerProps = { className?: string; label?: string };

/** A decorative ring unless `label` is given, in which case it is announced as a status. */
export function Spinner({ className, label }: SpinnerProps) {
  const ring = (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-4 shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent',
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
