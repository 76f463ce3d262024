import { vercelMessages } from '@shipdeck/shared/vercel-constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/button';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { ConnectVercelDialog } from '../connect-vercel-dialog';
import { VercelGate } from '../vercel-gate';

const connectedVercel = {
  username: 'octocat',
  teamId: 'team_labs',
  teamSlug: 'shipdeck-labs',
  teamName: 'Shipdeck Labs',
  status: 'connected' as const,
  source: 'token' as const,
  canAct: true,
};

const noServerAccount = ok({ serverAccount: false, serverAccountCanAct: false, demoMode: false });

function renderDialog() {
  renderApp(<ConnectVercelDialog trigger={<Button>Connect</Button>} />, {
    url: '/settings',
    user: buildUser(),
  });
}

describe('Connect Vercel dialog', () => {
  it('checks a pasted token, offers its teams, and connects with the team picked', async () => {
    const { requests } = mockApi({
      'GET /auth/vercel/options': noServerAccount,
      'POST /auth/vercel/teams': ok({
        username: 'octocat',
        teams: [
          { id: 'team_labs', slug: 'shipdeck-labs', name: 'Shipdeck Labs' },
          { id: 'team_uni', slug: 'unicode-team', name: null },
        ],
      }),
      'PUT /auth/vercel': ok({
        user: buildUser({ vercelConnected: true, vercel: connectedVercel }),
      }),
    });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Vercel' });
    expect(screen.queryByRole('button', { name: /demo account|server account/ })).toBeNull();

    await userEvent.type(await screen.findByLabelText('Access token'), 'vercel_token_1');
    await userEvent.click(screen.getByRole('button', { name: 'Check token' }));
    const scope = await screen.findByLabelText('Scope for octocat');
    expect(
      Array.from(scope.querySelectorAll('option')).map((option) => option.textContent),
    ).toEqual(['Personal account', 'Shipdeck Labs', 'unicode-team']);
    await userEvent.selectOptions(scope, 'team_labs');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));

    expect(await screen.findByText(vercelMessages.connected)).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(requests.filter((r) => r.url !== '/auth/vercel/options')).toMatchObject([
      { method: 'POST', url: '/auth/vercel/teams', body: { token: 'vercel_token_1' } },
      {
        method: 'PUT',
        url: '/auth/vercel',
        body: { token: 'vercel_token_1', teamId: 'team_labs' },
      },
    ]);
  });

  it('shows the server’s reason when the token is refused, and stays open', async () => {
    mockApi({
      'GET /auth/vercel/options': noServerAccount,
      'POST /auth/vercel/teams': fail(400, vercelMessages.tokenInvalid, 'VALIDATION_ERROR', [
        { field: 'body.token', message: vercelMessages.tokenInvalid },
      ]),
    });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await userEvent.type(await screen.findByLabelText('Access token'), 'revoked');
    await userEvent.click(screen.getByRole('button', { name: 'Check token' }));
    expect(await screen.findByText(vercelMessages.tokenInvalid)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Connect Vercel' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Scope for octocat')).toBeNull();
  });

  it('connects the demo account in one click in demo mode', async () => {
    const { requests } = mockApi({
      'GET /auth/vercel/options': ok({
        serverAccount: true,
        serverAccountCanAct: true,
        demoMode: true,
      }),
      'PUT /auth/vercel': ok({
        user: buildUser({
          vercelConnected: true,
          vercel: { ...connectedVercel, teamId: null, teamSlug: null, teamName: null },
        }),
      }),
    });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use the demo account' }));
    expect(await screen.findByText(vercelMessages.connected)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ useServerAccount: true });
  });
});

describe('Vercel gate', () => {
  const content = <p>deployments here</p>;

  it('asks to connect Vercel when the server reports no connection', () => {
    mockApi({});
    renderApp(<VercelGate>{content}</VercelGate>, { url: '/deployments', user: buildUser() });
    expect(screen.getByText('Vercel not connected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Vercel' })).toBeInTheDocument();
    expect(screen.queryByText('deployments here')).toBeNull();
  });

  it('asks to reconnect, not an error page, once Vercel refuses the saved token', async () => {
    mockApi({ 'GET /auth/vercel/options': noServerAccount });
    renderApp(<VercelGate>{content}</VercelGate>, {
      url: '/deployments',
      user: buildUser({
        vercelConnected: false,
        vercel: { ...connectedVercel, status: 'reconnect' },
      }),
    });
    expect(screen.getByText(vercelMessages.reconnect)).toBeInTheDocument();
    expect(screen.queryByText('deployments here')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect Vercel' }));
    expect(await screen.findByRole('dialog', { name: 'Connect Vercel' })).toBeInTheDocument();
  });

  it('shows its content when connected', () => {
    mockApi({});
    renderApp(<VercelGate>{content}</VercelGate>, {
      url: '/deployments',
      user: buildUser({ vercelConnected: true, vercel: connectedVercel }),
    });
    expect(screen.getByText('deployments here')).toBeInTheDocument();
  });
});
