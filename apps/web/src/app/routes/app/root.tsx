import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import { useStats } from '@/features/auth/api/get-stats';
import { CommandPaletteButton } from '@/features/command-palette/command-palette-button';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useSession } from '@/features/auth/hooks/use-session';
import { DemoBadge } from '@/features/meta/components/demo-badge';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useLiveEvents } from '@/features/notifications/hooks/use-live-events';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { installSessionRenewal } from '@/lib/session-renewal';

// Before the signed-in pages' first request: an active session is renewed before it runs out.
// Installed here, so the sign-in pages (which hold no session) never load the code.
installSessionRenewal();

/**
 * The page in its own Suspense boundary (issue 34): on a page the server drew, React hydrates the
 * header first and commits it, so a press made as the page shows is answered at once, and the
 * page hydrates after it (its part at once when pressed), its code not waited for. One element
 * for every render: when the shell renders again before the page has hydrated (its session or
 * stats answering), the boundary gets the same props and is left to hydrate on its own; new
 * props would make React hydrate the whole page at once to apply them, in the press's task.
 */
const PAGE = (
  <Suspense fallback={null}>
    <Outlet />
  </Suspense>
);

/** Every protected page: the guard, then the shared top navigation around the page. */
export function AppRoot() {
  return (
    <ProtectedRoute>
      <SignedInShell />
    </ProtectedRoute>
  );
}

function SignedInShell() {
  const { isAuthenticated } = useSession();
  // The session is the user and their stats (spec §3); load the stats alongside.
  useStats({ enabled: isAuthenticated });
  useLiveEvents(isAuthenticated);
  return (
    <AppShell
      actions={
        <>
          <DemoBadge />
          <CommandPaletteButton />
          <ThemeToggle />
          <NotificationBell />
          <div className="ml-1">
            <UserMenu />
          </div>
        </>
      }
    >
      {PAGE}
    </AppShell>
  );
}
