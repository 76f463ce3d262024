import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { RemindersSection } from '../reminders-section';
import { buildReminder } from './team-test-data';

const user = buildUser({ githubId: '583231', githubLogin: 'octocat' });
const base = '/api/teams/octo-org/platform/reminders';

function renderSection() {
  return renderApp(<RemindersSection org="octo-org" slug="platform" />, {
    url: '/teams/octo-org/platform',
    user,
  });
}

describe('the team reminders', () => {
  it('lists each reminder with its channel, schedule, state and author, never the Slack URL', async () => {
    mockApi({
      [`GET ${base}`]: ok({
        reminders: [
          buildReminder(),
          buildReminder({
            id: 'rem-2',
            channel: 'email',
            slackWebhookLast4: null,
            enabled: false,
            disabledReason: 'channel_not_found',
            lastSentAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
          }),
        ],
      }),
    });
    renderSection();
    expect(await screen.findByText('Slack ••••x9Yz')).toBeInTheDocument();
    expect(screen.getAllByText('Mon, Wed at 09:00, 14:30 (Europe/Paris)')).toHaveLength(2);
    expect(screen.getAllByText('created by octocat')).toHaveLength(2);
    expect(screen.getByText('Never sent')).toBeInTheDocument();
    expect(screen.getByText('Last sent 2h ago')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enabled: Slack ••••x9Yz' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Enabled: Email to members' })).not.toBeChecked();
    expect(screen.getByText('Turned off: channel_not_found')).toBeInTheDocument();
  });

  it('checks the form with the shared schema before sending anything', async () => {
    const { requests } = mockApi({ [`GET ${base}`]: ok({ reminders: [] }) });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'New reminder' }));
    const form = await screen.findByRole('form', { name: 'New reminder' });

    await userEvent.click(within(form).getByRole('button', { name: 'Save reminder' }));
    expect(within(form).getByLabelText('Slack webhook URL')).toHaveAccessibleDescription(
      'is required for a Slack reminder',
    );

    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) {
      await userEvent.click(within(form).getByRole('checkbox', { name: day }));
    }
    const times = within(form).getByLabelText('Times');
    await userEvent.clear(times);
    await userEvent.type(times, '9am');
    await userEvent.type(
      within(form).getByLabelText('Slack webhook URL'),
      'https://hooks.slack.com/services/T/B/x',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save reminder' }));
    expect(within(form).getByText('choose at least one day')).toBeInTheDocument();
    expect(times).toHaveAccessibleDescription('must be a time of day as HH:MM');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('shows the server’s 400 by its field, and sends every field once it is accepted', async () => {
    let refused = false;
    const { requests } = mockApi({
      [`GET ${base}`]: ok({ reminders: [] }),
      [`POST ${base}`]: () => {
        if (!refused) {
          refused = true;
          return fail(400, 'Validation failed', 'VALIDATION_ERROR', [
            { field: 'body.slackWebhookUrl', message: 'must start with https://hooks.slack.com' },
          ]);
        }
        return { status: 201, body: { success: true, data: { reminder: buildReminder() } } };
      },
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'New reminder' }));
    const form = await screen.findByRole('form', { name: 'New reminder' });
    const url = within(form).getByLabelText('Slack webhook URL');
    await userEvent.type(url, 'https://internal.example/hook');
    await userEvent.selectOptions(within(form).getByLabelText('Time zone'), 'Europe/Paris');
    await userEvent.click(within(form).getByRole('button', { name: 'Save reminder' }));
    await waitFor(() =>
      expect(url).toHaveAccessibleDescription('must start with https://hooks.slack.com'),
    );

    await userEvent.clear(url);
    await userEvent.type(url, 'https://hooks.slack.com/services/T/B/x9Yz');
    await userEvent.click(
      within(form).getByRole('checkbox', { name: 'Ignore approved pull requests' }),
    );
    await userEvent.clear(within(form).getByLabelText('With at least this many approvals'));
    await userEvent.type(within(form).getByLabelText('With at least this many approvals'), '2');
    await userEvent.type(within(form).getByLabelText('Required labels'), 'ready, backend');
    await userEvent.click(within(form).getByRole('button', { name: 'Save reminder' }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'New reminder' })).not.toBeInTheDocument(),
    );
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual({
      channel: 'slack',
      slackWebhookUrl: 'https://hooks.slack.com/services/T/B/x9Yz',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      times: ['09:00'],
      timeZone: 'Europe/Paris',
      ignoreDrafts: true,
      requireReviewRequests: false,
      ignoreApprovedWith: 2,
      minAgeHours: 0,
      minStaleHours: 0,
      ignoredTerms: [],
      ignoredLabels: [],
      requiredLabels: ['ready', 'backend'],
    });
  });

  it('edits a reminder without sending the Slack URL again when it is left empty', async () => {
    const { requests } = mockApi({
      [`GET ${base}`]: ok({ reminders: [buildReminder()] }),
      [`PATCH ${base}/rem-1`]: ok({ reminder: buildReminder() }),
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Slack ••••x9Yz' }));
    const form = await screen.findByRole('form', { name: 'Edit reminder' });
    expect(within(form).getByLabelText('Times')).toHaveValue('09:00, 14:30');
    await userEvent.type(within(form).getByLabelText('Ignored terms in titles'), 'WIP');
    await userEvent.click(within(form).getByRole('button', { name: 'Save reminder' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).not.toHaveProperty('slackWebhookUrl');
    expect(patch?.body).toMatchObject({ ignoredTerms: ['WIP'], times: ['09:00', '14:30'] });
  });

  it('turns a reminder off, sends a test and shows its result, and deletes only once confirmed', async () => {
    const { requests } = mockApi({
      [`GET ${base}`]: ok({ reminders: [buildReminder()] }),
      [`PATCH ${base}/rem-1`]: ok({ reminder: buildReminder({ enabled: false }) }),
      [`POST ${base}/rem-1/test`]: ok({
        sent: true,
        pullRequestCount: 3,
        message: 'Sent 3 pull requests to Slack.',
      }),
      [`DELETE ${base}/rem-1`]: ok({ deleted: true }),
    });
    renderSection();
    await userEvent.click(await screen.findByRole('switch', { name: 'Enabled: Slack ••••x9Yz' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ enabled: false }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Send test now' }));
    expect(await screen.findByText('Sent 3 pull requests to Slack.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Slack ••••x9Yz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this reminder?' });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete reminder' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
  });
});
