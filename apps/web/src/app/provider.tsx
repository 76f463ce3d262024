import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { getPendingUrlToken } from '@/lib/url-token';

// Its dialog brings Radix's (13 KB gzipped): loaded only when a `?token=` link is waiting.
const UrlTokenConfirm = lazy(() =>
  import('@/features/auth/components/url-token-confirm').then((module) => ({
    default: module.UrlTokenConfirm,
  })),
);

/**
 * Everything a page that talks to the server needs: the 401 redirect and the `?token=` handoff.
 * A layout route loaded with the first such page, so the landing page (static content) ships
 * none of it. The query cache is one level down (query-provider.tsx): /login and /signup do
 * without it.
 */
export function AppProvider() {
  const navigate = useNavigate();
  const [tokenPending] = useState(() => getPendingUrlToken() !== null);
  useEffect(() => {
    // A 401 anywhere sends the user to /login without reloading the app.
    setUnauthorizedHandler(() => {
      if (window.location.pathname !== paths.login) {
        void navigate(paths.login, { replace: true });
      }
    });
  }, [navigate]);
  return (
    <>
      <Outlet />
      {tokenPending ? (
        <Suspense fallback={null}>
          <UrlTokenConfirm />
        </Suspense>
      ) : null}
    </>
  );
}
