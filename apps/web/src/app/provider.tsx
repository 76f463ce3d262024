import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { UrlTokenConfirm } from '@/features/auth/components/url-token-confirm';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/**
 * Everything a page that talks to the server needs: the query cache and the 401
 * redirect. A layout route loaded with the first such page, so the landing page (static
 * content) ships none of it.
 */
export function AppProvider() {
  const navigate = useNavigate();
  useEffect(() => {
    // A 401 anywhere sends the user to /login without reloading the app.
    setUnauthorizedHandler(() => {
      if (window.location.pathname !== paths.login) {
        void navigate(paths.login, { replace: true });
      }
    });
  }, [navigate]);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <UrlTokenConfirm />
    </QueryClientProvider>
  );
}
