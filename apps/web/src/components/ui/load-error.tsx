import { errorMessages } from '@shipdeck/shared/messages';
import { CircleAlert, RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { cx } from '@/utils/cx';
import { Button } from './button';

type LoadErrorProps = {
  /** The spec's text for this screen, e.g. "Failed to load repositories". */
  title: string;
  error: unknown;
  onRetry: () => void;
  /** What to tell the reader; defaults to the spec's "Check console for details". */
  description?: string;
  retrying?: boolean;
  className?: string;
};

/** The spec's error page state: what failed, where to look, and Try Again. */
export function LoadError({
  title,
  error,
  onRetry,
  description = errorMessages.checkConsole,
  retrying = false,
  className,
}: LoadErrorProps) {
  useEffect(() => {
    // "Check console for details": the details are the error itself.
    if (error) console.error(title, error);
  }, [error, title]);
  return (
    <div
      role="alert"
      className={cx(
        'flex flex-col items-center rounded-lg border border-red-200 bg-red-50/60 px-6 py-10 text-center dark:border-red-900/60 dark:bg-red-950/20',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mb-2 size-6 text-red-600 dark:text-red-400" />
      <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{title}</p>
      <p className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onRetry} loading={retrying}>
        {retrying ? null : <RotateCw aria-hidden="true" />}
        Try Again
      </Button>
    </div>
  );
}
