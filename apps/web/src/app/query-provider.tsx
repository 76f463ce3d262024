import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from '@/lib/query-client';

/**
 * The query cache (TanStack Query, 12 KB gzipped) for every page that reads server data: a
 * layout route, so /login and /signup, which only send a form, load without it. A page the server
 * draws (prerender/render-signed-in-page.tsx) brings the cache of its own request instead.
 */
export function QueryProvider() {
  const given = useContext(QueryClientContext);
  if (given) return <Outlet />;
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
