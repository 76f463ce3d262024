import { passwordResetMessages } from '@shipdeck/shared/instance-access-messages';
import {
  signInErrorMessages,
  signInSuccessMessages,
  validationMessages,
} from '@shipdeck/shared/sign-in-messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ResetPasswordRoute } from '../reset-password';

async function fillAndSubmit(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: passwordResetMessages.submit }));
}

describe('password reset page', () => {
  it('sets the new password with the link’s token, signs nobody in and goes to /login saying so', async () => {
    const { requests } = mockApi({ 'POST /auth/password-reset/complete': ok({}) });
    window.localStorage.setItem('token', 'a-session-the-reset-ended');
    renderApp(<ResetPasswordRoute />, {
      url: '/reset-password?token=reset_abc',
      path: '/reset-password',
    });

    await fillAndSubmit('new-secret', 'new-secret');

    expect(await screen.findByText(signInSuccessMessages.passwordReset)).toBeInTheDocument();
    expect(await screen.findByText('/login page at /login')).toBeInTheDocument();
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/auth/password-reset/complete',
        body: { token: 'reset_abc', password: 'new-secret' },
      }),
    ]);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('checks the password and its confirmation before sending anything', async () => {
    const { requests } = mockApi({});
    renderApp(<ResetPasswordRoute />, { url: '/reset-password?token=t', path: '/reset-password' });

    await fillAndSubmit('123', '1234');

    expect(screen.getByText(validationMessages.passwordMin)).toBeInTheDocument();
    expect(screen.getByText(validationMessages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows the server’s message for a used or expired link and stays', async () => {
    mockApi({
      'POST /auth/password-reset/complete': fail(
        400,
        signInErrorMessages.passwordResetInvalid,
        'VALIDATION_ERROR',
      ),
    });
    const { router } = renderApp(<ResetPasswordRoute />, {
      url: '/reset-password?token=used',
      path: '/reset-password',
    });

    await fillAndSubmit('new-secret', 'new-secret');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      signInErrorMessages.passwordResetInvalid,
    );
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('says the link is not valid when it carries no token, with no form', () => {
    mockApi({});
    renderApp(<ResetPasswordRoute />, { url: '/reset-password', path: '/reset-password' });

    expect(screen.getByRole('alert')).toHaveTextContent(signInErrorMessages.passwordResetInvalid);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('asks the browser to send no Referer from the page, and links nowhere else', () => {
    mockApi({});
    renderApp(<ResetPasswordRoute />, { url: '/reset-password?token=t', path: '/reset-password' });

    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute(
      'content',
      'no-referrer',
    );
    for (const link of screen.getAllByRole('link')) {
      // This app's own pages and the skip link: nothing another site could receive the token from.
      expect(link.getAttribute('href')).toMatch(/^(\/(?!\/)|#)/);
    }
  });
});
