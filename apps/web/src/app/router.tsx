import { useEffect, useMemo } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RouteError } from '@/components/errors/route-error';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';

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
          path: paths.login,
          lazy: () => import('./routes/auth/login').then((m) => ({ Component: m.LoginRoute })),
        },
        {
          path: paths.githubComplete,
          lazy: () =>
            import('./routes/auth/github-complete').then((m) => ({
              Component: m.GithubCompleteRoute,
            })),
        },
        {
          path: paths.signup,
          lazy: () => import('./routes/auth/signup').then((m) => ({ Component: m.SignupRoute })),
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
                import('./routes/app/deployments').then((m) => ({ Component: m.DeploymentsRoute })),
            },
            {
              path: '/deployments/:id',
              lazy: () =>
                import('./routes/app/deployment').then((m) => ({ Component: m.DeploymentRoute })),
            },
            {
              path: paths.insights,
              lazy: () =>
                import('./routes/app/insights').then((m) => ({ Component: m.InsightsRoute })),
            },
            {
              path: '/repo/:owner/:repo',
              lazy: () =>
                import('./routes/app/repository').then((m) => ({ Component: m.RepositoryRoute })),
            },
            {
              path: paths.profile,
              lazy: () =>
                import('./routes/app/profile').then((m) => ({ Component: m.ProfileRoute })),
            },
            {
              path: paths.notifications,
              lazy: () =>
                import('./routes/app/notifications').then((m) => ({
                  Component: m.NotificationsRoute,
                })),
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
          lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
        },
      ],
    },
  ]);
}

export function AppRouter() {
  const router = useMemo(() => createAppRouter(), []);
  useEffect(() => {
    // A 401 anywhere sends the user to /login without reloading the app.
    setUnauthorizedHandler(() => {
      if (router.state.location.pathname !== paths.login) {
        void router.navigate(paths.login, { replace: true });
      }
    });
  }, [router]);
  return <RouterProvider router={router} />;
}
