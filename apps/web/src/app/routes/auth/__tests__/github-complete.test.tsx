import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '@/lib/token-storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { GithubCompleteRoute } from '../github-complete';

describe('GitHub sign-in hand-off page', () => {
  it('survives a remount mid-exchange: one exchange, then the dashboard', async () => {
    let answer: (reply: ReturnType<typeof ok>) => void = () => undefined;
    const { requests } = mockApi({
      'POST /auth/exchange': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const first = renderApp(<GithubCompleteRoute />, { url: '/login/github?code=one-time' });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(window.location.search).toBe('');
    // A lazy boundary suspending again unmounts and remounts the page while the code is spent.
    first.unmount();
    renderApp(<GithubCompleteRoute />, { url: '/login/github' });

    answer(ok({ token: 'sds_from_exchange', user: buildUser() }));

    expect(await screen.findByText('/dashboard page at /dashboard')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/auth/exchange')).toHaveLength(1);
    expect(requests[0]?.body).toEqual({ code: 'one-time' });
    expect(getToken()).toBe('sds_from_exchange');
  });

  it('reports a refused code as a failed sign-in', async () => {
    mockApi({ 'POST /auth/exchange': fail(400, 'Code expired', 'VALIDATION_ERROR') });
    renderApp(<GithubCompleteRoute />, { url: '/login/github?code=stale' });

    expect(await screen.findByText('/login page at /login?error=auth_failed')).toBeInTheDocument();
  });
});
