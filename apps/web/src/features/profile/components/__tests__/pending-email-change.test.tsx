import { mailUiTexts } from '@shipdeck/shared/mail';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { ProfileInformation } from '../profile-information';

const pending = { email: 'new@example.com', expiresAt: '2030-01-01T00:00:00.000Z' };

describe('a new email waiting for confirmation', () => {
  it('shows it under the email, resends the link and cancels the change', async () => {
    const { requests } = mockApi({
      'GET /api/account/email-change': ok({ pending }),
      'POST /api/account/email-change/resend': ok({ pending }),
      'DELETE /api/account/email-change': ok({}),
    });
    renderApp(<ProfileInformation />, { url: '/profile', user: buildUser() });
    expect(
      await screen.findByText(mailUiTexts.emailPending('new@example.com')),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: mailUiTexts.emailResend }));
    expect(await screen.findByText(mailUiTexts.emailResent('new@example.com'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: mailUiTexts.emailCancel }));
    await waitFor(() =>
      expect(
        screen.queryByText(mailUiTexts.emailPending('new@example.com')),
      ).not.toBeInTheDocument(),
    );
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/account/email-change/resend',
        'DELETE /api/account/email-change',
      ]),
    );
  });

  it('shows nothing when no change waits', async () => {
    mockApi({});
    renderApp(<ProfileInformation />, { url: '/profile', user: buildUser() });
    expect(await screen.findByText('Profile Information')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: mailUiTexts.emailResend })).not.toBeInTheDocument();
  });
});
