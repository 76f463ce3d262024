import { type ComponentType, createElement, Suspense, use } from 'react';
import { BrowserRouter, matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { paths } from '@/config/paths';

/**
 * A page or layout whose code loads the first time a URL matches it. A new page is one more
 * entry here with `lazy: () => import('./routes/...')`: never import a page statically, or it
 * joins the first-load bundle of every route.
 */
export type LazyRoute = {
  path?: string;
  lazy: () => Promise<{ Component: ComponentType }>;
  children?: LazyRoute[];
};

export const appRoutes: LazyRoute[] = [
  {
    path: paths.home,
    lazy: () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute })),
  },
  {
    // Every page but the landing page talks to the server: toasts and the 401 redirect load
    // with the first of them (see provider.tsx).
    lazy: () => import('./provider').then((m) => ({ Component: m.AppProvider })),
    children: [
      {
        path: paths.login,
        lazy: () => import('./routes/auth/login').then((m) => ({ Component: m.LoginRoute })),
      },
      {
        path: paths.signup,
        lazy: () => import('./routes/auth/signup').then((m) => ({ Component: m.SignupRoute })),
      },
      {
        path: paths.confirmEmail,
        lazy: () =>
          import('./routes/auth/confirm-email').then((m) => ({
            Component: m.ConfirmEmailRoute,
          })),
      },
      {
        path: paths.forgotPassword,
        lazy: () =>
          import('./routes/auth/forgot-password').then((m) => ({
            Component: m.ForgotPasswordRoute,
          })),
      },
      {
        path: paths.resetPassword,
        lazy: () =>
          import('./routes/auth/reset-password').then((m) => ({
            Component: m.ResetPasswordRoute,
          })),
      },
      {
        // The query cache: every page below reads server data (the sign-in pages above ask the
        // server without one).
        lazy: () => import('./query-provider').then((m) => ({ Component: m.QueryProvider })),
        children: [
          {
            path: paths.githubComplete,
            lazy: () =>
              import('./routes/auth/github-complete').then((m) => ({
                Component: m.GithubCompleteRoute,
              })),
          },
          {
            // The signed-in pages' first render waits for the session too (see
            // prime-session-user.ts): the page then draws at once instead of "Authenticating".
            lazy: () =>
              Promise.all([
                import('./routes/app/root'),
                import('@/features/auth/api/prime-session-user').then((m) => m.primeSessionUser()),
              ]).then(([m]) => ({ Component: m.AppRoot })),
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
                path: paths.notifications,
                lazy: () =>
                  import('./routes/app/notifications').then((m) => ({
                    Component: m.NotificationsRoute,
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
                path: '/teams/:org/:slug',
                lazy: () => import('./routes/app/team').then((m) => ({ Component: m.TeamRoute })),
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
              {
                path: paths.admin,
                lazy: () => import('./routes/app/admin').then((m) => ({ Component: m.AdminRoute })),
              },
            ],
          },
          {
            path: '*',
            lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
          },
        ],
      },
    ],
  },
];

type RouteHandle = { preload: () => Promise<unknown> };

/**
 * React Router's declarative mode (`useRoutes`) over the lazy table above: the data router
 * (`createBrowserRouter`) would add 16 KB gzipped to every page for loaders and actions this
 * app does not use. Each route's module is fetched once; once it has arrived its page renders
 * at once, without suspending (`React.lazy` suspends on every first render, a commit of the
 * fallback and a throttled retry per nested layout before the page paints).
 */
function toRouteObjects(routes: LazyRoute[]): RouteObject[] {
  return routes.map((route) => {
    let loaded: ComponentType | undefined;
    let loading: Promise<ComponentType> | undefined;
    const load = () =>
      (loading ??= route.lazy().then((module) => {
        loaded = module.Component;
        return module.Component;
      }));
    function RouteComponent() {
      // One component per route, fixed once its module arrives: not a new type per render.
      return createElement(loaded ?? use(load()));
    }
    const handle: RouteHandle = { preload: load };
    return {
      ...(route.path === undefined ? {} : { path: route.path }),
      element: <RouteComponent />,
      handle,
      ...(route.children ? { children: toRouteObjects(route.children) } : {}),
    };
  });
}

const routeObjects = toRouteObjects(appRoutes);

/**
 * Starts fetching every module the current URL needs at once (layouts and page), instead of
 * one after the other as each renders; settles when all have arrived (or failed, which the
 * route's error boundary then shows).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  return Promise.allSettled(
    (matchRoutes(routeObjects, pathname) ?? []).map((match) =>
      (match.route.handle as RouteHandle).preload(),
    ),
  );
}

/**
 * The same, settling once the layouts around the page have arrived (the page's own module may
 * still be on its way): a page the server drew hydrates its header then, and the page, in its
 * own Suspense boundary (routes/app/root.tsx), once its module is here.
 */
export function preloadLayouts(pathname: string): Promise<unknown> {
  const matches = (matchRoutes(routeObjects, pathname) ?? []).map((match) =>
    (match.route.handle as RouteHandle).preload(),
  );
  return Promise.allSettled(matches.slice(0, -1));
}

function MatchedRoutes() {
  return useRoutes(routeObjects);
}

/** The pages, under whichever router provides the location (the build's prerender passes its own). */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>
        <MatchedRoutes />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
