import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/icons/logo';
import { paths } from '@/config/paths';
import { SkipLink } from './skip-link';

type AuthLayoutProps = {
  title: string;
  description: ReactNode;
  /** Top-right controls such as the theme toggle. */
  actions?: ReactNode;
  children: ReactNode;
  footer: ReactNode;
};

export function AuthLayout({ title, description, actions, children, footer }: AuthLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col bg-zinc-50 dark:bg-zinc-950">
      <SkipLink />
      <header className="flex h-14 items-center justify-between px-4 sm:px-6">
        <Link
          to={paths.home}
          className="rounded-md px-1 py-1 text-zinc-900 dark:text-zinc-50"
          aria-label="Shipdeck home"
        >
          <Logo />
        </Link>
        <div className="flex items-center gap-1">{actions}</div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="focus:outline-none flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-12"
      >
        <div className="w-full max-w-sm">
          <div className="mb-6 text-center">
            <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
              {title}
            </h1>
            <p className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
          </div>
          <div className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/60">
            {children}
          </div>
          <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">{footer}</p>
        </div>
      </main>
    </div>
  );
}
