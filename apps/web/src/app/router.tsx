import { useMemo } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RouteError } from '@/components/errors/route-error';
import { paths } from '@/config/paths';

export function createAppRouter() {
  return createBrowserRouter([
    {
      ErrorBoundary: RouteError,
      HydrateFallback: () => null,
      children: [
        {
          path: paths.home,
          lazy: () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute })),
        },
        {
          // Every page but the landing page talks to the server: the query cache, toasts and
          // the 401 redirect load with the first of them (see provider.tsx).
          lazy: () => import('./provider').then((m) => ({ Component: m.AppProvider })),
          children: [
            {
              path: paths.login,
              lazy: () => import('./routes/auth/login').then((m) => ({ Component: m.LoginRoute })),
            },
            {
              path: paths.signup,
              lazy: () =>
                import('./routes/auth/signup').then((m) => ({ Component: m.SignupRoute })),
            },
            {
              lazy: () => import('./routes/app/root').then((m) => ({ Component: m.AppRoot })),
              children: [
                {
                  path: paths.dashboard,
                  lazy: () =>
                    import('./routes/app/dashboard').then((m) => ({ Component: m.DashboardRoute })),
                },
                {
                  path: paths.repositories,
                  lazy: () =>
                    import('./routes/app/repositories').then((m) => ({
                      Component: m.RepositoriesRoute,
                    })),
                },
                {
                  path: paths.pullRequests,
                  lazy: () =>
                    import('./routes/app/pull-requests').then((m) => ({
                      Component: m.PullRequestsRoute,
                    })),
                },
                {
                  path: paths.deployments,
                  lazy: () =>
                    import('./routes/app/deployments').then((m) => ({
                      Component: m.DeploymentsRoute,
                    })),
                },
                {
                  path: '/repo/:owner/:repo',
                  lazy: () =>
                    import('./routes/app/repository').then((m) => ({
                      Component: m.RepositoryRoute,
                    })),
                },
                {
                  path: paths.profile,
                  lazy: () =>
                    import('./routes/app/profile').then((m) => ({ Component: m.ProfileRoute })),
                },
                {
                  path: paths.settings,
                  lazy: () =>
                    import('./routes/app/settings').then((m) => ({ Component: m.SettingsRoute })),
                },
              ],
            },
            {
              path: '*',
              lazy: () =>
                import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
            },
          ],
        },
      ],
    },
  ]);
}

export function AppRouter() {
  const router = useMemo(() => createAppRouter(), []);
  return <RouterProvider router={router} />;
}
