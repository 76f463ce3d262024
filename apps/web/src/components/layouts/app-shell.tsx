import { Menu, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '@/components/icons/logo';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cx } from '@/utils/cx';
import { SkipLink } from './skip-link';

type NavItem = { label: string; to: string; alsoActiveUnder?: string };

const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard },
  { label: 'Repositories', to: paths.repositories, alsoActiveUnder: '/repo/' },
  { label: 'Pull Requests', to: paths.pullRequests },
  { label: 'Deployments', to: paths.deployments },
  { label: 'Insights', to: paths.insights },
];

function isActive(item: NavItem, pathname: string): boolean {
  return (
    pathname === item.to ||
    pathname.startsWith(`${item.to}/`) ||
    (item.alsoActiveUnder !== undefined && pathname.startsWith(item.alsoActiveUnder))
  );
}

type AppShellProps = {
  /** Controls on the right of the bar: theme toggle, notifications, user menu. */
  actions: ReactNode;
  children: ReactNode;
};

export function AppShell({ actions, children }: AppShellProps) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  // Close the small-screen menu after navigating (adjusting state during render, not in an effect).
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  return (
    <div className="min-h-screen bg-zinc-50 dark:bg-zinc-950">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-3 sm:px-6">
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-navigation"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
          <Link
            to={paths.home}
            className="mr-2 rounded-md px-1 py-1 text-zinc-900 dark:text-zinc-50"
            aria-label="Shipdeck home"
          >
            {/* Below 400 px the bar's controls (menu, search, theme, bell, avatar) need the word's room. */}
            <Logo wordClassName="max-[399px]:sr-only" />
          </Link>
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavItemLink item={item} active={isActive(item, pathname)} />
                </li>
              ))}
            </ul>
          </nav>
          {/* Fills the bar and aligns right, so a control that appears late (the demo badge) opens on
              the left without moving the others (layout shift). */}
          <div className="flex flex-1 items-center justify-end gap-1">{actions}</div>
        </div>
        {menuOpen ? (
          <nav
            id="mobile-navigation"
            aria-label="Main"
            className="border-t border-zinc-200 px-3 py-2 md:hidden dark:border-zinc-800"
          >
            <ul className="flex flex-col gap-0.5">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavItemLink item={item} active={isActive(item, pathname)} block />
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="focus:outline-none mx-auto max-w-7xl px-3 py-6 sm:px-6 sm:py-8"
      >
        {children}
      </main>
    </div>
  );
}

function NavItemLink({
  item,
  active,
  block = false,
}: {
  item: NavItem;
  active: boolean;
  block?: boolean;
}) {
  return (
    <Link
      to={item.to}
      aria-current={active ? 'page' : undefined}
      className={cx(
        'rounded-md px-3 text-sm font-medium transition-colors',
        block ? 'block py-2' : 'inline-block py-1.5',
        active
          ? 'bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50'
          : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-900 dark:hover:text-zinc-100',
      )}
    >
      {item.label}
    </Link>
  );
}
