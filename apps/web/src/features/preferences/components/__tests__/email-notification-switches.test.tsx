import { emailSubscriptionLabels, mailUiTexts } from '@shipdeck/shared/mail';
import { screen, within } from '@testing-library/react';
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

const kindLabels = [
  emailSubscriptionLabels['deployment-failed'],
  emailSubscriptionLabels['review-requested'],
  emailSubscriptionLabels['review-verdict'],
  emailSubscriptionLabels['checks-failed'],
  mailUiTexts.digestTitle,
];

function renderForm() {
  const user = buildUser();
  renderApp(<PreferencesForm successMessage="Saved" errorMessage="Failed" />, {
    url: '/settings',
    user,
  });
  return user;
}

describe('email notification switches in Settings', () => {
  it('shows a switch per kind and the digest under Email notifications, which turns them all off', async () => {
    mockApi({ 'GET /api/meta': meta(true) });
    renderForm();
    const group = screen.getByRole('group', { name: mailUiTexts.emailKindsTitle });
    for (const label of kindLabels) {
      expect(within(group).getByRole('switch', { name: label })).toBeEnabled();
    }
    expect(within(group).getByRole('switch', { name: kindLabels[0] })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // The digest is off by default, so no hour is offered yet.
    expect(within(group).getByRole('switch', { name: mailUiTexts.digestTitle })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.queryByLabelText(mailUiTexts.digestHourLabel)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Email notifications' }));
    for (const label of kindLabels) {
      expect(within(group).getByRole('switch', { name: label })).toBeDisabled();
    }
  });

  it('saves a kind turned off and the digest turned on at an hour, with the browser’s time zone', async () => {
    const { requests } = mockApi({
      'GET /api/meta': meta(true),
      'PUT /auth/preferences': {
        status: 200,
        body: {
          success: true,
          data: {
            user: buildUser({
              preferences: {
                ...buildUser().preferences,
                emailChecksFailed: false,
                emailDigest: true,
                digestHour: 7,
              },
            }),
          },
        },
      },
    });
    renderForm();
    await userEvent.click(
      screen.getByRole('switch', { name: emailSubscriptionLabels['checks-failed'] }),
    );
    await userEvent.click(screen.getByRole('switch', { name: mailUiTexts.digestTitle }));
    await userEvent.selectOptions(screen.getByLabelText(mailUiTexts.digestHourLabel), '7');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByText(mailUiTexts.digestTimeZone(zone))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT' && r.url === '/auth/preferences');
    expect(put?.body).toMatchObject({
      emailChecksFailed: false,
      emailReviewRequested: true,
      emailDigest: true,
      digestHour: 7,
      timeZone: zone,
    });
  });

  it('keeps the switches off where the server sends no email, and says so', async () => {
    mockApi({ 'GET /api/meta': meta(false) });
    renderForm();
    expect(await screen.findByText(mailUiTexts.emailNotificationsOff)).toBeInTheDocument();
    for (const label of kindLabels) {
      expect(screen.getByRole('switch', { name: label })).toBeDisabled();
    }
  });
});
