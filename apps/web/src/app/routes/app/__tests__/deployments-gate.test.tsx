import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { DeploymentRoute } from '../deployment';
import { DeploymentsRoute } from '../deployments';

const meta = ok({ demoMode: false, githubSignIn: true, githubWebUrl: null, version: 'test' });

describe('deployment screens without GitHub', () => {
  it('asks to connect GitHub on /deployments, not Vercel, and reads no Vercel data', async () => {
    // Vercel is connected too: GitHub is what the spec requires of deployment screens.
    const { requests } = mockApi({ 'GET /api/meta': meta });
    renderApp(<DeploymentsRoute />, {
      url: '/deployments',
      user: buildUser({
        vercelConnected: true,
        vercel: {
          username: 'octocat',
          teamId: null,
          teamSlug: null,
          teamName: null,
          status: 'connected',
          source: 'token',
          canAct: true,
        },
      }),
    });

    expect(screen.getByText('GitHub not connected')).toBeInTheDocument();
    expect(
      screen.getByText('Connect your GitHub account to see your deployments here.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Connect GitHub' })).toBeInTheDocument();
    expect(screen.queryByText('Vercel not connected')).toBeNull();
    expect(requests.some((request) => request.url.startsWith('/api/vercel'))).toBe(false);
  });

  it('shows the GitHub prompt before the Vercel one when neither is connected', async () => {
    mockApi({ 'GET /api/meta': meta });
    renderApp(<DeploymentsRoute />, { url: '/deployments', user: buildUser() });
    expect(screen.getByText('GitHub not connected')).toBeInTheDocument();
    expect(screen.queryByText('Vercel not connected')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Connect GitHub' })).toBeInTheDocument();
  });

  it('shows the Vercel prompt once GitHub is connected', () => {
    mockApi({});
    renderApp(<DeploymentsRoute />, {
      url: '/deployments',
      user: buildUser({ githubId: '583231', githubLogin: 'octocat' }),
    });
    expect(screen.getByText('Vercel not connected')).toBeInTheDocument();
    expect(screen.queryByText('GitHub not connected')).toBeNull();
  });

  it('guards a deployment’s triage page the same way', async () => {
    mockApi({ 'GET /api/meta': meta });
    renderApp(<DeploymentRoute />, {
      url: '/deployments/dpl_1',
      path: '/deployments/:id',
      user: buildUser(),
    });
    expect(screen.getByText('GitHub not connected')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Connect GitHub' })).toBeInTheDocument();
  });
});
