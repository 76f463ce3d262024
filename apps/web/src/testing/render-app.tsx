import type { User } from '@shipdeck/shared/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { meQueryKey } from '@/features/auth/api/session-user';
import { queryClient } from '@/lib/query-client';
import { setToken } from '@/lib/token-storage';

type RenderOptions = {
  /** Where the router starts, e.g. "/login?error=auth_failed". */
  url: string;
  /** The route pattern the element is mounted on; defaults to the path of `url`. */
  path?: string;
  /** A signed-in user: stores a token and seeds the session cache. */
  user?: User;
};

/** Shows where the router went, so tests can assert on navigation. */
function Destination({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} page at {location.pathname}
      {location.search}
    </p>
  );
}

/** Renders one page inside the real providers, with stand-ins for the pages it navigates to. */
export function renderApp(element: ReactNode, { url, path, user }: RenderOptions) {
  if (user) {
    queryClient.setQueryData(meQueryKey, user);
    setToken('test-token');
  }
  // The address bar shows the page, as in the browser (guards compare it with the router's).
  window.history.replaceState(null, '', url);
  const routePath = path ?? url.split('?')[0] ?? '/';
  const standIns = ['/', '/login', '/signup', '/dashboard'].filter((p) => p !== routePath);
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      ...standIns.map((p) => ({ path: p, element: <Destination name={p} /> })),
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router };
}
