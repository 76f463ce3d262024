import { oauthErrorMessages, signInErrorMessages } from '@shipdeck/shared/sign-in-messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { LoginRoute } from '../login';

describe('login page on an instance that decides who belongs', () => {
  it('says a disabled account is disabled, stores no token and stays on /login', async () => {
    mockApi({
      'POST /auth/login': fail(403, signInErrorMessages.accountDisabled, 'ACCOUNT_DISABLED'),
    });
    const { router } = renderApp(<LoginRoute />, { url: '/login' });

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'mona@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(signInErrorMessages.accountDisabled);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['signups_closed', 'account_disabled', 'invitation_invalid'])(
    'explains the GitHub sign-in refusal %s',
    async (code) => {
      mockApi({});
      renderApp(<LoginRoute />, { url: `/login?error=${code}` });

      expect(await screen.findByRole('alert')).toHaveTextContent(oauthErrorMessages[code] ?? '');
    },
  );
});
