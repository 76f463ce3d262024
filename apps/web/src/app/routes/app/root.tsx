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
      <Outlet />
    </AppShell>
  );
}
