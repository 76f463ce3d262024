import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { paths } from '@/config/paths';
import { useSession } from '../hooks/use-session';

/** No token: go to /login. Token but no user yet: "Authenticating". Otherwise the page. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { token, isAuthenticated } = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  if (token === null) {
    // Signing out or deleting the account navigates away first and then drops the token;
    // while that navigation is still committing, do not bounce to /login.
    if (navigation.state !== 'idle') return null;
    return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  }
  if (!isAuthenticated) return <FullPageSpinner label="Authenticating" />;
  return children;
}
