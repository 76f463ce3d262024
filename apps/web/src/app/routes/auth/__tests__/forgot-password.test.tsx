import { mailUiTexts } from '@shipdeck/shared/mail';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ForgotPasswordRoute } from '../forgot-password';

const meta = (mail: boolean) => ({
  status: 200,
  body: {
    success: true,
    data: {
      demoMode: false,
      githubSignIn: true,
      githubWebUrl: 'https://github.com',
      version: 'test',
      signups: 'open',
      signupEmailDomains: [],
      mail,
    },
  },
});

describe('forgot password page', () => {
  it('asks for a reset link and says, without telling whether the account exists, where it went', async () => {
    const { requests } = mockApi({
      'GET /api/meta': meta(true),
      'POST /auth/password-reset': {
        status: 202,
        body: { success: true, data: { accepted: true } },
      },
    });
    renderApp(<ForgotPasswordRoute />, { url: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), ' Ada@Example.com ');
    await user.click(screen.getByRole('button', { name: mailUiTexts.forgotSubmit }));
    expect(await screen.findByText(mailUiTexts.forgotSent('ada@example.com'))).toBeInTheDocument();
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        url: '/auth/password-reset',
        body: { email: 'ada@example.com' },
      }),
    );
  });

  it('says to ask an admin on a server that sends no email', async () => {
    mockApi({ 'GET /api/meta': meta(false) });
    renderApp(<ForgotPasswordRoute />, { url: '/forgot-password' });
    expect(await screen.findByText(mailUiTexts.forgotNoMail)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: mailUiTexts.forgotSubmit }),
    ).not.toBeInTheDocument();
  });
});
