import { errorMessages } from '@shipdeck/shared/messages';
import { oauthErrorFallback, validationMessages } from '@shipdeck/shared/sign-in-messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meQueryKey } from '@/features/auth/api/session-user';
import { queryClient } from '@/lib/query-client';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { LoginRoute } from '../login';

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it('requires both fields and sends nothing while they are empty', async () => {
    const { requests } = mockApi({});
    renderApp(<LoginRoute />, { url: '/login' });

    await fillAndSubmit('', '');

    expect(screen.getByText(validationMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(validationMessages.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('clears a field error when that field is edited', async () => {
    mockApi({});
    renderApp(<LoginRoute />, { url: '/login' });
    await fillAndSubmit('', '');

    await userEvent.type(screen.getByLabelText('Email'), 'm');

    expect(screen.queryByText(validationMessages.emailRequired)).not.toBeInTheDocument();
    expect(screen.getByText(validationMessages.passwordRequired)).toBeInTheDocument();
  });

  it('shows the server message on bad credentials and stores no token', async () => {
    mockApi({
      'POST /auth/login': fail(401, errorMessages.invalidCredentials, 'INVALID_CREDENTIALS'),
    });
    const { router } = renderApp(<LoginRoute />, { url: '/login' });

    await fillAndSubmit('mona@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.invalidCredentials);
    expect(window.localStorage.getItem('token')).toBeNull();
    // The login request's own 401 is not a lost session: we stay on /login.
    expect(router.state.location.pathname).toBe('/login');
  });

  it('falls back to the generic text when the server fails, and says why in a toast', async () => {
    mockApi({ 'POST /auth/login': { status: 500, body: { success: false } } });
    renderApp(<LoginRoute />, { url: '/login' });

    await fillAndSubmit('mona@example.com', 'secret1');

    expect(await screen.findByText(errorMessages.loginFailed)).toBeInTheDocument();
    expect(await screen.findByText(errorMessages.server)).toBeInTheDocument();
  });

  it('reports a network failure', async () => {
    mockApi({ 'POST /auth/login': 'network-error' });
    renderApp(<LoginRoute />, { url: '/login' });

    await fillAndSubmit('mona@example.com', 'secret1');

    expect(await screen.findByText(errorMessages.loginFailed)).toBeInTheDocument();
    expect(await screen.findByText(errorMessages.network)).toBeInTheDocument();
  });

  it('stores the token and goes to /dashboard on success', async () => {
    const { requests } = mockApi({
      'POST /auth/login': ok({
        token: 'tok-123',
        expiresAt: '2026-12-01T00:00:00.000Z',
        user: buildUser(),
      }),
    });
    renderApp(<LoginRoute />, { url: '/login' });

    await fillAndSubmit('  Mona@Example.com ', 'secret1');

    expect(await screen.findByText('/dashboard page at /dashboard')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('tok-123');
    expect(requests[0]?.body).toEqual({ email: 'mona@example.com', password: 'secret1' });
    // The session is cached before the dashboard renders: no "Authenticating", no GET /auth/me.
    expect(queryClient.getQueryData(meQueryKey)).toEqual(buildUser());
    expect(requests).toHaveLength(1);
  });

  it('sends a visitor who arrives signed in to the dashboard, with the session cached', async () => {
    window.localStorage.setItem('token', 'tok-123');
    mockApi({ 'GET /auth/me': ok({ user: buildUser({ username: 'mona' }) }) });
    renderApp(<LoginRoute />, { url: '/login' });

    expect(await screen.findByText('/dashboard page at /dashboard')).toBeInTheDocument();
    expect(queryClient.getQueryData(meQueryKey)).toEqual(buildUser({ username: 'mona' }));
  });

  it('drops a stored token the server refuses, says so and shows the form', async () => {
    window.localStorage.setItem('token', 'expired');
    mockApi({ 'GET /auth/me': fail(401, errorMessages.unauthorized, 'UNAUTHORIZED') });
    renderApp(<LoginRoute />, { url: '/login' });

    expect(screen.getByText('Authenticating')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(await screen.findByText(errorMessages.authenticate)).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('links to sign up and starts GitHub sign-in with a full-page navigation', () => {
    mockApi({});
    renderApp(<LoginRoute />, { url: '/login' });

    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Continue with GitHub' })).toHaveAttribute(
      'href',
      '/auth/github',
    );
  });

  it.each([
    ['auth_failed', 'GitHub authentication failed. Please try again.'],
    ['server_error', 'Server error during authentication. Please try again.'],
    ['oauth_not_configured', 'GitHub OAuth is not configured. Please contact support.'],
    ['something_else', oauthErrorFallback],
    ['toString', oauthErrorFallback],
  ])('shows the OAuth error %s and removes it from the address', async (code, text) => {
    mockApi({});
    const { router } = renderApp(<LoginRoute />, { url: `/login?error=${code}&keep=1` });

    expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?keep=1'));
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
