import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PullRequestsRoute } from '@/app/routes/app/pull-requests';
import { buildPagination } from '@/testing/github-data';
import { mockApi, ok, syncedState } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';

const user = buildUser({ githubId: '583231', githubLogin: 'octocat' });

describe('sync status bar', () => {
  it('after a first sync, says review and checks are still being fetched', async () => {
    mockApi({
      'GET /api/github/sync': ok({
        syncedAt: '2026-11-23T09:00:00.000Z',
        sync: { ...syncedState.sync, phase: 'ship-status', done: 3, total: 30 },
      }),
      'GET /api/github/pull-requests': ok({
        pullRequests: [],
        pagination: buildPagination(1, 30, 0),
      }),
    });
    renderApp(<PullRequestsRoute />, { url: '/pull-requests', user });
    expect(await screen.findByTestId('sync-status')).toHaveTextContent(
      'Syncing 3 of 30 pull requests’ review and checks…',
    );
  });

  it('says what a stopped sync waits for and when it resumes', async () => {
    const until = '2026-11-23T14:02:10.000Z';
    const waiting = {
      syncedAt: null,
      sync: {
        ...syncedState.sync,
        phase: 'pull-requests',
        done: 200,
        total: 3000,
        waiting: { limit: 'search', until },
      },
    };
    mockApi({
      'GET /api/github/sync': ok(waiting),
      'GET /api/github/pull-requests': ok({
        pullRequests: [],
        pagination: buildPagination(1, 30, 0),
      }),
    });
    renderApp(<PullRequestsRoute />, { url: '/pull-requests', user });
    const clock = new Intl.DateTimeFormat(undefined, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(until));
    expect(await screen.findByTestId('sync-status')).toHaveTextContent(
      `Waiting for GitHub’s search limit, resumes ${clock}`,
    );
  });
});
