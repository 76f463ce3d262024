import { errorMessages, successMessages } from '@shipdeck/shared/messages';
import { validationMessages } from '@shipdeck/shared/sign-in-messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { ChangePasswordForm } from '../change-password-form';

type Values = { current?: string; next: string; confirm: string };

async function submit({ current, next, confirm }: Values) {
  const user = userEvent.setup();
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: /password/i }));
}

describe('change password form', () => {
  it('refuses mismatched new passwords without calling the server', async () => {
    const { requests } = mockApi({});
    renderApp(<ChangePasswordForm />, { url: '/profile', user: buildUser() });

    await submit({ current: 'old-secret', next: 'new-secret', confirm: 'new-secrex' });

    expect(await screen.findByText(validationMessages.newPasswordsDoNotMatch)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('refuses a new password shorter than 6 characters', async () => {
    const { requests } = mockApi({});
    renderApp(<ChangePasswordForm />, { url: '/profile', user: buildUser() });

    await submit({ current: 'old-secret', next: 'abc', confirm: 'abc' });

    expect(await screen.findByText(validationMessages.passwordMin)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('changes the password, confirms it and empties the form', async () => {
    const { requests } = mockApi({
      'PUT /auth/password': ok({ revokedSessions: 2 }),
      'GET /auth/stats': ok({
        stats: {
          memberSince: '2026-01-15T10:00:00.000Z',
          accountType: 'Free',
          activeSessions: 1,
          lastLoginAt: null,
          connectedProviders: { github: false, vercel: false },
        },
      }),
    });
    renderApp(<ChangePasswordForm />, { url: '/profile', user: buildUser() });

    await submit({ current: 'old-secret', next: 'new-secret', confirm: 'new-secret' });

    expect(await screen.findByText(successMessages.passwordChanged)).toBeInTheDocument();
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      url: '/auth/password',
      body: { currentPassword: 'old-secret', newPassword: 'new-secret' },
      headers: { Authorization: 'Bearer test-token' },
    });
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('shows the server’s reason when the current password is wrong', async () => {
    mockApi({
      'PUT /auth/password': fail(
        400,
        errorMessages.currentPasswordIncorrect,
        'INVALID_CURRENT_PASSWORD',
      ),
    });
    renderApp(<ChangePasswordForm />, { url: '/profile', user: buildUser() });

    await submit({ current: 'not-it', next: 'new-secret', confirm: 'new-secret' });

    expect(await screen.findByText(errorMessages.currentPasswordIncorrect)).toBeInTheDocument();
    // A 400 never signs the user out.
    expect(window.localStorage.getItem('token')).toBe('test-token');
  });

  it('says "Failed to change password" when the server gives no reason', async () => {
    mockApi({ 'PUT /auth/password': 'network-error' });
    renderApp(<ChangePasswordForm />, { url: '/profile', user: buildUser() });

    await submit({ current: 'old-secret', next: 'new-secret', confirm: 'new-secret' });

    expect(await screen.findByText(errorMessages.changePassword)).toBeInTheDocument();
  });

  it('lets an account without a password set one without a current password', async () => {
    const { requests } = mockApi({
      'PUT /auth/password': ok({ revokedSessions: 0 }),
      'GET /auth/stats': { status: 500 },
    });
    renderApp(<ChangePasswordForm />, { url: '/profile', user: buildUser({ hasPassword: false }) });

    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await submit({ next: 'new-secret', confirm: 'new-secret' });

    expect(await screen.findByText(successMessages.passwordChanged)).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ newPassword: 'new-secret' });
  });

  it('asks a GitHub-only account to sign in with GitHub again when the server wants proof', async () => {
    mockApi({
      'PUT /auth/password': fail(403, errorMessages.reauthRequired, 'REAUTH_REQUIRED'),
    });
    renderApp(<ChangePasswordForm />, { url: '/profile', user: buildUser({ hasPassword: false }) });

    await submit({ next: 'new-secret', confirm: 'new-secret' });

    expect(await screen.findByText(errorMessages.reauthRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with GitHub again' })).toHaveAttribute(
      'href',
      '/auth/github',
    );
    expect(window.localStorage.getItem('token')).toBe('test-token');
  });
});
