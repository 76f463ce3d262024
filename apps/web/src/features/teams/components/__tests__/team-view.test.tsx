import { TEAM_GROUP_MAX_LIMIT } from '@shipdeck/shared/team-constants';
import { TEAMS_SCOPE_NOTICE } from '@shipdeck/shared/teams';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TeamRoute } from '@/app/routes/app/team';
import { fail, mockApi, ok, type RecordedRequest } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ReviewLoadSection } from '../review-load-section';
import { TeamDoraSection } from '../team-dora-section';
import { buildUser } from '@/testing/test-data';
import {
  buildReviewLoadMember,
  buildTeamDetail,
  buildTeamPull,
  buildTeamSummary,
} from './team-test-data';

const user = buildUser({ githubId: '583231', githubLogin: 'octocat' });
const path = '/teams/:org/:slug';
const base = '/api/teams/octo-org/platform';

const pulls = {
  groups: [
    {
      kind: 'reviewers',
      total: 1,
      pullRequests: [
        buildTeamPull(7, 'Cache the deploy plan', {
          kind: 'reviewers',
          logins: ['hubot'],
          teams: ['octo-org/platform'],
          reason: 'review requested',
        }),
      ],
    },
    {
      kind: 'author',
      total: 1,
      pullRequests: [
        buildTeamPull(
          8,
          'Retry flaky uploads',
          { kind: 'author', logins: ['monalisa'], teams: [], reason: 'failing checks' },
          { checks: 'failing' },
        ),
      ],
    },
    { kind: 'merge', total: 0, pullRequests: [] },
  ],
  total: 2,
  syncedAt: '2026-11-23T09:00:00.000Z',
};

const emptyDora = {
  days: 30,
  repo: null,
  from: '2026-10-24T00:00:00.000Z',
  to: '2026-11-23T00:00:00.000Z',
  bucket: 'week',
  hasDeploymentData: false,
  repositories: [],
  metrics: null,
  syncedAt: null,
};

function teamRoutes(overrides: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return {
    'GET /api/teams': ok({ teams: [buildTeamSummary()], notice: null, syncedAt: null }),
    [`GET ${base}`]: ok(buildTeamDetail()),
    [`GET ${base}/pull-requests`]: ok(pulls),
    [`GET ${base}/review-load`]: ok({
      members: [
        buildReviewLoadMember('octocat'),
        buildReviewLoadMember('monalisa', {
          hasAccount: false,
          openRequests: { direct: 4, viaTeam: 0 },
          medianFirstReviewMinutes: null,
        }),
      ],
      syncedAt: null,
    }),
    [`GET ${base}/dora`]: ok(emptyDora),
    [`GET ${base}/reminders`]: ok({ reminders: [] }),
    ...overrides,
  };
}

describe('the team page', () => {
  // The review-load chart follows its box with a ResizeObserver, which jsdom lacks: without one
  // the test failed whenever the lazily loaded chart mounted before its assertions.
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the team and its pull requests grouped by who they wait on', async () => {
    mockApi(teamRoutes());
    renderApp(<TeamRoute />, { url: '/teams/octo-org/platform', path, user });

    expect(await screen.findByRole('heading', { level: 1, name: 'Platform' })).toBeInTheDocument();
    expect(screen.getByText('3 members')).toBeInTheDocument();
    expect(screen.getByText('2 repositories you can read')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open on GitHub/ })).toHaveAttribute(
      'href',
      'https://github.com/orgs/octo-org/teams/platform',
    );

    const reviewers = await screen.findByRole('region', { name: /Waiting on reviewers/ });
    const [reviewRow] = within(reviewers).getAllByRole('listitem');
    if (!reviewRow) throw new Error('no row');
    expect(within(reviewRow).getByRole('link', { name: /Cache the deploy plan/ })).toHaveAttribute(
      'href',
      'https://github.com/octocat/hello-world/pull/7',
    );
    expect(within(reviewRow).getByText('hubot, @octo-org/platform')).toBeInTheDocument();
    expect(within(reviewRow).getByText('review requested')).toBeInTheDocument();
    expect(within(reviewRow).getByText(/^opened 2d ago$/)).toBeInTheDocument();
    expect(within(reviewRow).getByText(/^last activity 5h ago$/)).toBeInTheDocument();
    expect(within(reviewRow).getByRole('list', { name: 'Ship status' })).toBeInTheDocument();

    const author = screen.getByRole('region', { name: /Waiting on the author/ });
    expect(within(author).getByText('failing checks')).toBeInTheDocument();
    expect(within(author).getByText('Checks failing')).toBeInTheDocument();

    const merge = screen.getByRole('region', { name: /Ready to merge/ });
    expect(within(merge).getByText('Nothing waits here.')).toBeInTheDocument();
  });

  it('keeps the filters in the address bar and asks the server with them', async () => {
    const { requests } = mockApi(teamRoutes());
    const { router } = renderApp(<TeamRoute />, {
      url: '/teams/octo-org/platform?stale=24',
      path,
      user,
    });
    await screen.findByRole('region', { name: /Waiting on reviewers/ });
    const asked = () =>
      requests.filter((request) => request.url === `${base}/pull-requests`).at(-1)?.params;
    expect(asked()).toEqual({ stale: 24 });
    expect(screen.getByLabelText('No activity for')).toHaveValue('24');

    await userEvent.selectOptions(screen.getByLabelText('Waiting on'), 'monalisa');
    await userEvent.selectOptions(screen.getByLabelText('Drafts'), 'Hidden');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Most stale first');
    await waitFor(() =>
      expect(asked()).toEqual({ waitingOn: 'monalisa', stale: 24, drafts: 'hide', sort: 'stale' }),
    );
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({
      stale: '24',
      waitingOn: 'monalisa',
      drafts: 'hide',
      sort: 'stale',
    });

    // Back to the defaults: they leave the address.
    await userEvent.selectOptions(screen.getByLabelText('No activity for'), 'Any time');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Oldest first');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?waitingOn=monalisa&drafts=hide'),
    );
  });

  it('counts a group whole when the server answers its first rows, and asks for all on "Show all"', async () => {
    const cut = {
      ...pulls,
      groups: pulls.groups.map((group) =>
        group.kind === 'author' ? { ...group, total: 61 } : group,
      ),
      total: 62,
    };
    const { requests } = mockApi(teamRoutes({ [`GET ${base}/pull-requests`]: ok(cut) }));
    renderApp(<TeamRoute />, { url: '/teams/octo-org/platform', path, user });
    const author = await screen.findByRole('region', { name: /Waiting on the author/ });
    expect(within(author).getByRole('heading', { name: /61/ })).toBeInTheDocument();
    const reviewers = screen.getByRole('region', { name: /Waiting on reviewers/ });
    expect(within(reviewers).queryByRole('button', { name: /Show all/ })).toBeNull();

    await userEvent.click(within(author).getByRole('button', { name: 'Show all 61' }));
    await waitFor(() =>
      expect(
        requests.filter((request) => request.url === `${base}/pull-requests`).at(-1)?.params,
      ).toEqual({ limit: TEAM_GROUP_MAX_LIMIT }),
    );
  });

  it('shows the review load as a table with members who have no Shipdeck account', async () => {
    mockApi(teamRoutes());
    renderApp(<ReviewLoadSection org="octo-org" slug="platform" />, {
      url: '/teams/octo-org/platform',
      user,
    });
    const table = await screen.findByRole('table', { name: /Review load per member/ });
    const monalisa = within(table).getByRole('row', { name: /monalisa/ });
    expect(within(monalisa).getByText('no Shipdeck account')).toBeInTheDocument();
    expect(
      within(monalisa)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '0', '3', '9', '—']);
    const octocat = within(table).getByRole('row', { name: /octocat/ });
    expect(within(octocat).getByText('1.5 h')).toBeInTheDocument();
  });

  it('says plainly when the team has no deployment data, and the first-deployment rule', async () => {
    const { requests } = mockApi(teamRoutes());
    renderApp(<TeamDoraSection org="octo-org" slug="platform" />, {
      url: '/teams/octo-org/platform',
      user,
    });
    expect(await screen.findByText('No deployment data for this team')).toBeInTheDocument();
    expect(
      screen.getByText(/first recorded deployment counts for deployment frequency/),
    ).toBeInTheDocument();
    expect(requests.at(-1)?.params).toEqual({ days: 30 });
    await userEvent.selectOptions(screen.getByLabelText('Window'), 'Last 7 days');
    await waitFor(() => expect(requests.at(-1)?.params).toEqual({ days: 7 }));
  });

  it('shows a not-found state when the server answers 404', async () => {
    mockApi(teamRoutes({ [`GET ${base}`]: fail(404, 'Team not found', 'NOT_FOUND') }));
    renderApp(<TeamRoute />, { url: '/teams/octo-org/platform', path, user });
    expect(await screen.findByRole('heading', { name: 'Team not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Waiting on whom/ })).not.toBeInTheDocument();
  });

  it('shows the notice of a token that cannot list teams', async () => {
    mockApi(
      teamRoutes({
        'GET /api/teams': ok({ teams: [], notice: TEAMS_SCOPE_NOTICE, syncedAt: null }),
        [`GET ${base}`]: fail(404, 'Team not found', 'NOT_FOUND'),
      }),
    );
    renderApp(<TeamRoute />, { url: '/teams/octo-org/platform', path, user });
    expect(await screen.findByText(TEAMS_SCOPE_NOTICE)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Team not found' })).toBeInTheDocument();
  });

  it('escapes the team in the API path', async () => {
    const { requests } = mockApi({
      'GET /api/teams': ok({ teams: [], notice: null, syncedAt: null }),
      'GET /api/teams/a%2Fb/c%20d': fail(404, 'Team not found', 'NOT_FOUND'),
    });
    renderApp(<TeamRoute />, { url: '/teams/a%2Fb/c%20d', path, user });
    await screen.findByRole('heading', { name: 'Team not found' });
    expect(requests.map((request: RecordedRequest) => request.url)).toContain(
      '/api/teams/a%2Fb/c%20d',
    );
  });
});
