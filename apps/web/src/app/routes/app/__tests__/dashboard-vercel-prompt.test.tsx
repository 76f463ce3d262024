import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPagination } from '@/testing/github-data';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser, buildVercelUser } from '@/testing/test-data';
import { DashboardRoute } from '../dashboard';

const syncedAt = '2026-11-23T09:00:00.000Z';

const github = {
  'GET /api/github/stats': ok({
    totalRepos: 1,
    totalCommits: 2,
    openIssues: 0,
    totalStars: 0,
    totalForks: 0,
    changes: { totalRepos: null, totalCommits: null, openIssues: null, totalStars: null },
  }),
  'GET /api/github/repos': ok({ repositories: [], pagination: buildPagination(1, 20, 0) }),
};

const githubOnly = buildUser({ githubId: '583231', githubLogin: 'octocat' });

describe('the dashboard’s Vercel prompt', () => {
  it('is shown once, in Deployment Status, when Vercel is not connected', async () => {
    mockApi(github);
    renderApp(<DashboardRoute />, { url: '/dashboard', user: githubOnly });

    await screen.findByRole('region', { name: 'Recent Repositories' });
    expect(screen.getAllByText('Vercel not connected')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Connect Vercel' })).toHaveLength(1);
    const status = screen.getByRole('region', { name: 'Deployment Status' });
    expect(within(status).getByText('Vercel not connected')).toBeInTheDocument();
  });

  it('asks to reconnect once when Vercel refuses the saved token', async () => {
    mockApi(github);
    renderApp(<DashboardRoute />, {
      url: '/dashboard',
      user: buildVercelUser({
        vercelConnected: false,
        vercel: {
          username: 'octocat',
          teamId: null,
          teamSlug: null,
          teamName: null,
          status: 'reconnect',
          source: 'token',
          canAct: true,
        },
      }),
    });

    await screen.findByRole('region', { name: 'Recent Repositories' });
    expect(screen.getAllByRole('button', { name: 'Reconnect Vercel' })).toHaveLength(1);
  });

  it('shows the Vercel Projects panel once Vercel is connected', async () => {
    mockApi({
      ...github,
      'GET /api/vercel/status': ok({ deploymentStatus: [], syncedAt }),
      'GET /api/vercel/projects': ok({
        projects: [],
        pagination: { total: 0, limit: 6, offset: 0, hasNext: false },
        syncedAt,
      }),
    });
    renderApp(<DashboardRoute />, { url: '/dashboard', user: buildVercelUser() });

    expect(await screen.findByRole('region', { name: 'Vercel Projects' })).toBeInTheDocument();
    expect(screen.queryByText('Vercel not connected')).toBeNull();
  });
});
