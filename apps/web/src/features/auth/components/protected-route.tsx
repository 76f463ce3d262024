import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { paths } from '@/config/paths';
import { useSession } from '../hooks/use-session';

/** No token: go to /login. Token but no user yet: "Authenticating". Otherwise the page. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { token, isAuthenticated } = useSession();
  const location = useLocation();
  if (token === null) {
    // Signing out or deleting the account navigates away first and then drops the token;
    // while that navigation is still rendering (the address bar already shows where it goes),
    // do not bounce to /login.
    if (window.location.pathname !== location.pathname) return null;
    return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  }
  if (!isAuthenticated) return <FullPageSpinner label="Authenticating" />;
  return children;
}
