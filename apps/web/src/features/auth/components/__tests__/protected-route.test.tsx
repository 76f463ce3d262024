import { errorMessages } from '@shipdeck/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildStats, buildUser } from '@/testing/test-data';
import { ProtectedRoute } from '../protected-route';

const page = (
  <ProtectedRoute>
    <h1>Secret page</h1>
  </ProtectedRoute>
);

describe('protected route', () => {
  it('sends a visitor without a token to /login', async () => {
    mockApi({});
    renderApp(page, { url: '/profile' });

    expect(await screen.findByText('/login page at /login')).toBeInTheDocument();
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
  });

  it('shows "Authenticating" while the user for a stored token loads, then the page', async () => {
    window.localStorage.setItem('token', 'stored');
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    mockApi({
      'GET /auth/me': () => new Promise((resolve) => (answer = resolve)),
      'GET /auth/stats': ok({ stats: buildStats() }),
    });
    renderApp(page, { url: '/profile' });

    expect(await screen.findByRole('status')).toHaveTextContent('Authenticating');
    answer(ok({ user: buildUser() }));

    expect(await screen.findByRole('heading', { name: 'Secret page' })).toBeInTheDocument();
  });

  it('signs out with "Failed to authenticate" when the user cannot be loaded', async () => {
    window.localStorage.setItem('token', 'stored');
    mockApi({
      'GET /auth/me': {
        status: 404,
        body: { success: false, message: 'Not found', code: 'NOT_FOUND' },
      },
    });
    renderApp(page, { url: '/profile' });

    expect(await screen.findByText(errorMessages.authenticate)).toBeInTheDocument();
    expect(await screen.findByText('/login page at /login')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
