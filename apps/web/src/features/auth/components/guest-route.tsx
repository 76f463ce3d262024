import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { paths } from '@/config/paths';
import { useSession } from '../hooks/use-session';

/** /login and /signup: a signed-in user belongs on the dashboard. */
export function GuestRoute({ children }: { children: ReactNode }) {
  const { isAuthenticated, isAuthenticating } = useSession();
  if (isAuthenticated) return <Navigate to={paths.dashboard} replace />;
  if (isAuthenticating) return <FullPageSpinner label="Authenticating" />;
  return children;
}
