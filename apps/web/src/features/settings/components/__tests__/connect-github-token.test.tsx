import { githubTokenMessages } from '@shipdeck/shared/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { IntegrationsCard } from '../integrations-card';

const connected = buildUser({ githubId: '583231', githubLogin: 'octocat' });

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Use a token' }));
  return screen.findByRole('dialog', { name: 'Connect GitHub with a token' });
}

describe('connect GitHub with a personal access token', () => {
  it('sends the token, then shows the account and the scopes GitHub reports', async () => {
    const { requests } = mockApi({
      'PUT /auth/github': ok({ user: connected, scopes: ['read:org', 'repo'] }),
    });
    renderApp(<IntegrationsCard />, { url: '/settings', user: buildUser() });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Personal access token'), '  ghp_abc123  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));

    expect(await within(dialog).findByText('octocat')).toBeInTheDocument();
    const scopes = within(dialog).getByRole('list', { name: 'Token scopes' });
    expect(
      within(scopes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['read:org', 'repo']);
    expect(
      within(dialog).getByText('Shipdeck can read your public and private repositories.'),
    ).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
      url: '/auth/github',
      body: { token: 'ghp_abc123' },
    });
    // The card behind the dialog now shows the connection.
    expect(screen.getByText('Connected')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says a fine-grained token reports no classic scopes', async () => {
    mockApi({ 'PUT /auth/github': ok({ user: connected, scopes: [] }) });
    renderApp(<IntegrationsCard />, { url: '/settings', user: buildUser() });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Personal access token'), 'github_pat_1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText(/a fine-grained token/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Token scopes' })).toBeNull();
  });

  it('shows a rejected or malformed token on the field, readably, and other failures below', async () => {
    let answer = fail(400, githubTokenMessages.badCredentials, 'VALIDATION_ERROR', [
      { field: 'body.token', message: githubTokenMessages.badCredentials },
    ]);
    const { requests } = mockApi({ 'PUT /auth/github': () => answer });
    renderApp(<IntegrationsCard />, { url: '/settings', user: buildUser() });
    const dialog = await openDialog();
    const field = within(dialog).getByLabelText('Personal access token');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(within(dialog).getByText('Token is required')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    await userEvent.type(field, 'ghp_revoked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText(githubTokenMessages.badCredentials)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    answer = fail(400, 'body.token: is not a GitHub token', 'VALIDATION_ERROR', [
      { field: 'body.token', message: 'is not a GitHub token' },
    ]);
    await userEvent.type(field, 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('Token is not a GitHub token')).toBeInTheDocument();

    answer = fail(409, 'This GitHub account is linked to another Shipdeck account', 'CONFLICT');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This GitHub account is linked to another Shipdeck account',
    );
  });

  it('offers the token only while GitHub is not connected', () => {
    mockApi({});
    renderApp(<IntegrationsCard />, { url: '/settings', user: connected });
    expect(screen.queryByRole('button', { name: 'Use a token' })).toBeNull();
  });
});
