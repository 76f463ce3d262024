import { Spinner } from './spinner';

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center text-sm text-zinc-600 dark:text-zinc-400">
      <Spinner label={label} className="size-5" />
    </div>
  );
}
