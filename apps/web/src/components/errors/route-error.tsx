import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Shown when a page throws while rendering or its code fails to load. */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : null;
  console.error(error);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">
        Something went wrong
      </h1>
      <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
        This page failed to load. Reloading usually helps; if it keeps happening, the details below
        will help whoever runs this Shipdeck.
      </p>
      {detail ? (
        <code className="max-w-md rounded bg-zinc-100 px-2 py-1 text-xs break-all text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
          {detail}
        </code>
      ) : null}
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Try Again</Button>
        <Button asChild variant="outline">
          <Link to={paths.home}>Go home</Link>
        </Button>
      </div>
    </main>
  );
}
