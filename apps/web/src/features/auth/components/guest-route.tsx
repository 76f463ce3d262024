import { type ReactNode, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { paths } from '@/config/paths';
import { getToken } from '@/lib/token-storage';
import { loadSessionUser } from '../api/session-user';
import { seedSessionUser } from '../api/seed-session-user';

type Visitor = 'checking' | 'signed-in' | 'guest';

/**
 * /login and /signup: a visitor who arrives signed in belongs on the dashboard. The token is
 * checked once, on arrival, with a plain request (these pages ship no query cache); signing in
 * on the page navigates by itself.
 */
export function GuestRoute({ children }: { children: ReactNode }) {
  const [visitor, setVisitor] = useState<Visitor>(() =>
    getToken() === null ? 'guest' : 'checking',
  );
  useEffect(() => {
    if (visitor !== 'checking') return;
    let mounted = true;
    loadSessionUser()
      .then(seedSessionUser)
      .then(
        () => {
          if (mounted) setVisitor('signed-in');
        },
        // loadSessionUser has said why and dropped the token: show the form.
        () => {
          if (mounted) setVisitor('guest');
        },
      );
    return () => {
      mounted = false;
    };
  }, [visitor]);
  if (visitor === 'signed-in') return <Navigate to={paths.dashboard} replace />;
  if (visitor === 'checking') return <FullPageSpinner label="Authenticating" />;
  return children;
}
