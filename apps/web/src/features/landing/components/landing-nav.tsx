import { Link } from 'react-router';
import { Logo } from '@/components/icons/logo';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';

export function LandingNav({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white/85 backdrop-blur dark:border-zinc-800/80 dark:bg-zinc-950/85">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link
          to={paths.home}
          aria-label="Shipdeck home"
          className="mr-auto rounded-md py-1 text-zinc-900 sm:mr-6 dark:text-zinc-50"
        >
          <Logo />
        </Link>
        <nav aria-label="Sections" className="mr-auto hidden md:block">
          <ul className="flex items-center gap-1 text-sm">
            {[
              ['Features', '#features'],
              ['Why Shipdeck', '#problems'],
              ['How it works', '#solutions'],
            ].map(([label, href]) => (
              <li key={href}>
                <a
                  href={href}
                  className="rounded-md px-3 py-1.5 text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <ThemeToggle />
        {signedIn ? (
          <Button asChild size="sm">
            <Link to={paths.dashboard}>Open app</Link>
          </Button>
        ) : (
          <>
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.login}>Log in</Link>
            </Button>
            <Button asChild size="sm">
              <Link to={paths.signup}>Sign up</Link>
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
