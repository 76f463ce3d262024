import { errorMessages } from '@shipdeck/shared/messages';
import { validationMessages } from '@shipdeck/shared/sign-in-messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { ProfileInformation } from '../profile-information';

async function editEmail(email: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
  const field = screen.getByLabelText('Email');
  await user.clear(field);
  await user.type(field, email);
  return user;
}

describe('profile information form', () => {
  it('asks for the current password before changing the email, and sends it', async () => {
    const account = buildUser();
    const { requests } = mockApi({
      'PUT /auth/profile': ok({ user: { ...account, email: 'new@example.com' } }),
    });
    renderApp(<ProfileInformation />, { url: '/profile', user: account });

    const user = await editEmail('new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(validationMessages.currentPasswordRequired)).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit Profile' });
    expect(requests[0]?.body).toEqual({
      displayName: account.displayName,
      email: 'new@example.com',
      currentPassword: 'old-secret',
    });
  });

  it('does not ask for a password when only the display name changes', async () => {
    renderApp(<ProfileInformation />, { url: '/profile', user: buildUser() });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('tells a GitHub-only account to sign in with GitHub again', async () => {
    mockApi({ 'PUT /auth/profile': fail(403, errorMessages.reauthRequired, 'REAUTH_REQUIRED') });
    renderApp(<ProfileInformation />, { url: '/profile', user: buildUser({ hasPassword: false }) });

    const user = await editEmail('new@example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(errorMessages.reauthRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with GitHub again' })).toBeInTheDocument();
  });
});
