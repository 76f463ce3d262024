import { mailUiTexts } from '@shipdeck/shared/mail';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { PreferencesForm } from '../preferences-form';

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

describe('email in preferences', () => {
  it('says email is not set up on a server without SMTP, and offers no test message', async () => {
    mockApi({ 'GET /api/meta': meta(false) });
    renderApp(<PreferencesForm successMessage="Saved" errorMessage="Failed" />, {
      url: '/settings',
      user: buildUser(),
    });
    expect(await screen.findByText(mailUiTexts.emailNotificationsOff)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: mailUiTexts.sendTest })).not.toBeInTheDocument();
  });

  it('sends a test message where mail is set up, and says where it went', async () => {
    const { requests } = mockApi({
      'GET /api/meta': meta(true),
      'POST /api/account/email/test': {
        status: 202,
        body: { success: true, data: { queued: true, to: 'ada@example.com' } },
      },
    });
    renderApp(<PreferencesForm successMessage="Saved" errorMessage="Failed" />, {
      url: '/settings',
      user: buildUser(),
    });
    expect(screen.getByText(mailUiTexts.emailNotificationsOn)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: mailUiTexts.sendTest }));
    expect(await screen.findByText(mailUiTexts.testQueued('ada@example.com'))).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/account/email/test')).toBe(
      true,
    );
  });
});
