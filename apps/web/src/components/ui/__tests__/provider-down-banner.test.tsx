import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeploymentsRoute } from '@/app/routes/app/deployments';
import { PullRequestsRoute } from '@/app/routes/app/pull-requests';
import { buildPagination } from '@/testing/github-data';
import { mockApi, ok, syncedState } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser, buildVercelUser } from '@/testing/test-data';
import { formatDateTime } from '@/utils/format-date';
import { ProviderDownBanner } from '../provider-down-banner';

const lastGood = '2026-11-23T09:00:00.000Z';
const failing = (lastError: string) => ({
  syncedAt: lastGood,
  sync: { ...syncedState.sync, lastError, lastAttemptAt: '2026-11-23T09:30:00.000Z' },
});

const withVercel = buildVercelUser();

const emptyVercel = {
  'GET /api/vercel/projects': ok({
    projects: [],
    pagination: { total: 0, limit: 12, offset: 0, hasNext: false },
    syncedAt: lastGood,
  }),
  'GET /api/vercel/deployments': ok({
    deployments: [],
    pagination: { total: 0, limit: 20, offset: 0, hasNext: false },
    syncedAt: lastGood,
  }),
};

describe('provider-down banner', () => {
  it('names the provider and the error, and says as of when the data shown is', () => {
    mockApi({});
    renderApp(<ProviderDownBanner provider="Vercel" status={failing('Vercel answered 503')} />, {
      url: '/',
    });
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('Vercel sync failed: Vercel answered 503.');
    expect(banner).toHaveTextContent(
      `Showing the last good data, as of ${formatDateTime(lastGood)}`,
    );
    expect(
      within(banner).getAllByText((_, element) => element?.tagName === 'TIME')[0],
    ).toHaveAttribute('datetime', lastGood);
  });

  it('says nothing was synced yet when there is no good data to show', () => {
    mockApi({});
    renderApp(
      <ProviderDownBanner
        provider="GitHub"
        status={{ syncedAt: null, sync: { lastError: 'GitHub answered 502' } }}
      />,
      { url: '/' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'GitHub sync failed: GitHub answered 502. Nothing has been synced yet; it will be retried.',
    );
  });

  it('shows nothing while the provider answers', () => {
    mockApi({});
    renderApp(<ProviderDownBanner provider="GitHub" status={syncedState} />, { url: '/' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('appears on the deployments page when the Vercel sync fails, over the last good list', async () => {
    mockApi({ ...emptyVercel, 'GET /api/vercel/sync': ok(failing('Vercel answered 503')) });
    renderApp(<DeploymentsRoute />, { url: '/deployments', user: withVercel });
    const banner = await screen.findByTestId('sync-error');
    expect(banner).toHaveAttribute('data-provider', 'Vercel');
    expect(banner).toHaveTextContent('as of');
  });

  it('on the pull-requests page it is the GitHub one, and only one banner shows', async () => {
    mockApi({
      'GET /api/github/sync': ok(failing('GitHub answered 502')),
      'GET /api/github/pull-requests': ok({
        pullRequests: [],
        pagination: buildPagination(1, 30, 0),
      }),
    });
    renderApp(<PullRequestsRoute />, { url: '/pull-requests', user: withVercel });
    const banner = await screen.findByTestId('sync-error');
    expect(banner).toHaveAttribute('data-provider', 'GitHub');
    expect(screen.getAllByTestId('sync-error')).toHaveLength(1);
  });

  it('asks nothing about Vercel for a user who has not connected it', async () => {
    const { requests } = mockApi({ ...emptyVercel });
    renderApp(<DeploymentsRoute />, {
      url: '/deployments',
      user: buildUser({ githubId: '583231', githubLogin: 'octocat' }),
    });
    expect(await screen.findByText('Vercel not connected')).toBeInTheDocument();
    expect(requests.some((request) => request.url === '/api/vercel/sync')).toBe(false);
  });
});
