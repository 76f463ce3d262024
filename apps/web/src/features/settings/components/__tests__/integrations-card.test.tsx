import {
  errorMessages,
  githubDisconnectMessages,
  successMessages,
} from '@shipdeck/shared/messages';
import { oauthErrorMessages } from '@shipdeck/shared/sign-in-messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { IntegrationsCard } from '../integrations-card';

const connectedUser = buildUser({ githubId: '583231', githubLogin: 'octocat' });

describe('integrations card', () => {
  it('shows GitHub and Vercel as not connected, each with a Connect button', async () => {
    mockApi({});
    renderApp(<IntegrationsCard />, { url: '/settings', user: buildUser() });

    expect(screen.getAllByText('Not Connected')).toHaveLength(2);
    // GitHub's OAuth button shows once the server has said it has an OAuth app.
    await vi.waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Connect' })).toHaveLength(2),
    );
  });

  it('shows the connected Vercel account and team the server reports', () => {
    mockApi({});
    renderApp(<IntegrationsCard />, {
      url: '/settings',
      user: buildUser({
        vercelConnected: true,
        vercel: {
          username: 'octocat',
          teamId: 'team_1',
          teamSlug: 'labs',
          teamName: 'Labs',
          status: 'connected',
          source: 'token',
          canAct: true,
        },
      }),
    });
    expect(screen.getByText(/Connected as octocat \(team Labs\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });

  /** Clicks Disconnect on the GitHub row and answers the confirmation dialog it opens. */
  async function confirmDisconnect() {
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: githubDisconnectMessages.title });
    await userEvent.click(
      within(dialog).getByRole('button', { name: githubDisconnectMessages.confirm }),
    );
    return dialog;
  }

  it('asks before disconnecting GitHub, saying the synced data goes, and Cancel changes nothing', async () => {
    const { requests } = mockApi({});
    renderApp(<IntegrationsCard />, { url: '/settings', user: connectedUser });

    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: githubDisconnectMessages.title });
    expect(dialog).toHaveTextContent(
      /removes the repositories, commits, pull requests and activity it synced/,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it('disconnects GitHub once confirmed and shows the account as not connected', async () => {
    const { requests } = mockApi({
      'DELETE /auth/github': ok({ user: buildUser() }),
      'GET /auth/stats': ok({ stats: {} }),
    });
    renderApp(<IntegrationsCard />, { url: '/settings', user: connectedUser });
    expect(screen.getByText('Connected')).toBeInTheDocument();

    const dialog = await confirmDisconnect();

    expect(await screen.findByText(successMessages.githubDisconnected)).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getAllByText('Not Connected')).toHaveLength(2);
    expect(requests[0]).toMatchObject({ method: 'DELETE', url: '/auth/github' });
  });

  it('shows the server’s reason when GitHub cannot be disconnected', async () => {
    mockApi({
      'DELETE /auth/github': fail(
        400,
        errorMessages.githubDisconnectNeedsPassword,
        'VALIDATION_ERROR',
      ),
    });
    renderApp(<IntegrationsCard />, {
      url: '/settings',
      user: { ...connectedUser, hasPassword: false },
    });

    const dialog = await confirmDisconnect();

    // In the dialog, which stays open, and in a toast.
    expect(
      await within(dialog).findByText(errorMessages.githubDisconnectNeedsPassword),
    ).toBeInTheDocument();
    expect(screen.getAllByText(errorMessages.githubDisconnectNeedsPassword)).toHaveLength(2);
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it('falls back to "Failed to disconnect GitHub account"', async () => {
    mockApi({ 'DELETE /auth/github': 'network-error' });
    renderApp(<IntegrationsCard />, { url: '/settings', user: connectedUser });

    const dialog = await confirmDisconnect();

    expect(await within(dialog).findByText(errorMessages.disconnectGithub)).toBeInTheDocument();
  });

  it('reports a failed connection from the OAuth callback and cleans the address', async () => {
    mockApi({});
    const { router } = renderApp(<IntegrationsCard />, {
      url: '/settings?github_error=github_in_use',
      user: buildUser(),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      oauthErrorMessages.github_in_use ?? '',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('confirms a successful connection from the OAuth callback', async () => {
    mockApi({});
    const { router } = renderApp(<IntegrationsCard />, {
      url: '/settings?github=connected',
      user: connectedUser,
    });

    expect(await screen.findByText(successMessages.githubConnected)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
