import { Link } from 'react-router';
import { Logo } from '@/components/icons/logo';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';

export function NotFoundRoute() {
  const { isAuthenticated } = useSession();
  return (
    <main
      id="main-content"
      className="flex min-h-screen flex-col items-center justify-center gap-5 px-6 text-center"
    >
      <title>Page not found · Shipdeck</title>
      <Link to={paths.home} aria-label="Shipdeck home" className="text-zinc-900 dark:text-zinc-50">
        <Logo />
      </Link>
      <p className="font-mono text-sm text-zinc-500 dark:text-zinc-400">404</p>
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
        Page not found
      </h1>
      <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">
        There is nothing at this address. It may have moved, or the link may be mistyped.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to={isAuthenticated ? paths.dashboard : paths.home}>
            {isAuthenticated ? 'Go to Dashboard' : 'Go home'}
          </Link>
        </Button>
      </div>
    </main>
  );
}
