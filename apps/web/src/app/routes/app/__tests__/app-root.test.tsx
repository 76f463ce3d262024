import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { meQueryKey } from '@/features/auth/api/session-user';
import { queryClient } from '@/lib/query-client';
import { mockApi, ok } from '@/testing/mock-api';
import { buildStats, buildUser } from '@/testing/test-data';
import { DashboardRoute } from '../dashboard';
import { RepositoriesRoute } from '../repositories';
import { AppRoot } from '../root';

function renderSignedIn(url: string, user = buildUser()) {
  window.localStorage.setItem('token', 'test-token');
  queryClient.setQueryData(meQueryKey, user);
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Landing</h1> },
      { path: '/login', element: <h1>Login</h1> },
      {
        element: <AppRoot />,
        children: [
          { path: '/dashboard', element: <DashboardRoute /> },
          { path: '/repositories', element: <RepositoriesRoute /> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('signed-in app shell', () => {
  it('welcomes the user and marks the current page in the navigation', async () => {
    mockApi({ 'GET /auth/stats': ok({ stats: buildStats() }) });
    renderSignedIn('/dashboard');

    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Mona Octocat' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Repositories' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(within(nav).getByRole('link', { name: 'Pull Requests' })).toHaveAttribute(
      'href',
      '/pull-requests',
    );
    expect(within(nav).getByRole('link', { name: 'Deployments' })).toHaveAttribute(
      'href',
      '/deployments',
    );
  });

  it('asks to connect GitHub instead of showing data when GitHub is not connected', async () => {
    mockApi({ 'GET /auth/stats': ok({ stats: buildStats() }) });
    renderSignedIn('/repositories');

    expect(await screen.findByText('GitHub not connected')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Connect GitHub' })).toBeEnabled();
    expect(screen.queryByText('No repositories yet')).not.toBeInTheDocument();
  });

  it('opens the small-screen menu with the same links', async () => {
    mockApi({ 'GET /auth/stats': ok({ stats: buildStats() }) });
    renderSignedIn('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });

    await userEvent.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menus = screen.getAllByRole('navigation', { name: 'Main' });
    expect(menus).toHaveLength(2);
    expect(
      within(menus[1] as HTMLElement).getByRole('link', { name: 'Deployments' }),
    ).toBeVisible();
  });

  it('signs out: calls the server, forgets the token and lands on /', async () => {
    const { requests } = mockApi({
      'GET /auth/stats': ok({ stats: buildStats() }),
      'POST /auth/logout': ok({}),
    });
    const router = renderSignedIn('/dashboard');

    await userEvent.click(await screen.findByRole('button', { name: 'User menu' }));
    // The menu's code loads on the first open: allow for a slow first import under load.
    expect(
      await screen.findByRole('menuitem', { name: 'Profile' }, { timeout: 5000 }),
    ).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(requests.some((r) => r.method === 'POST' && r.url === '/auth/logout')).toBe(true);
  });
});
