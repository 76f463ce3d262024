import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '@/lib/query-client';

/**
 * The query cache (TanStack Query, 12 KB gzipped) for every page that reads server data: a
 * layout route, so /login and /signup, which only send a form, load without it.
 */
export function QueryProvider() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
