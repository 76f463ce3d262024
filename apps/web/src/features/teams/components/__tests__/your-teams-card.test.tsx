import { TEAMS_SCOPE_NOTICE } from '@shipdeck/shared/teams';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DashboardRoute } from '@/app/routes/app/dashboard';
import { buildPagination } from '@/testing/github-data';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { buildTeamSummary } from './team-test-data';

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

const connected = buildUser({ githubId: '583231', githubLogin: 'octocat' });

describe('the dashboard’s Your teams card', () => {
  it('lists each team with how many pull requests wait on reviewers and on authors', async () => {
    mockApi({
      ...github,
      'GET /api/teams': ok({
        teams: [
          buildTeamSummary(),
          buildTeamSummary({
            slug: 'docs',
            name: 'Docs',
            waiting: { reviewers: 0, author: 4, merge: 1 },
          }),
        ],
        notice: null,
        syncedAt: null,
      }),
    });
    renderApp(<DashboardRoute />, { url: '/dashboard', user: connected });
    const card = await screen.findByRole('region', { name: 'Your teams' });
    const platform = within(card).getByRole('link', { name: /Platform/ });
    expect(platform).toHaveAttribute('href', '/teams/octo-org/platform');
    expect(platform).toHaveTextContent('2 on reviewers');
    expect(platform).toHaveTextContent('1 on authors');
    expect(within(card).getByRole('link', { name: /Docs/ })).toHaveTextContent(
      '0 on reviewers4 on authors',
    );
  });

  it('is not drawn for a person in no team', async () => {
    mockApi(github);
    renderApp(<DashboardRoute />, { url: '/dashboard', user: connected });
    await screen.findByRole('region', { name: 'Recent Repositories' });
    expect(screen.queryByRole('region', { name: 'Your teams' })).not.toBeInTheDocument();
  });

  it('says plainly that the token needs read:org', async () => {
    mockApi({
      ...github,
      'GET /api/teams': ok({ teams: [], notice: TEAMS_SCOPE_NOTICE, syncedAt: null }),
    });
    renderApp(<DashboardRoute />, { url: '/dashboard', user: connected });
    const card = await screen.findByRole('region', { name: 'Your teams' });
    expect(within(card).getByText(TEAMS_SCOPE_NOTICE)).toBeInTheDocument();
  });

  it('asks nothing without a GitHub connection', async () => {
    const { requests } = mockApi({});
    renderApp(<DashboardRoute />, { url: '/dashboard', user: buildUser() });
    await screen.findByRole('heading', { name: /Welcome back/ });
    expect(requests.some((request) => request.url === '/api/teams')).toBe(false);
  });
});
