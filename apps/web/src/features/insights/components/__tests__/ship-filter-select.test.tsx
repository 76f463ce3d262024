import { shipFilterLabels, shipFilterRules } from '@shipdeck/shared/insights-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PullRequestsRoute } from '@/app/routes/app/pull-requests';
import { buildPagination, buildPullRequest } from '@/testing/github-data';
import { type RecordedRequest, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';

const connected = buildUser({ githubId: '583231', githubLogin: 'octocat' });

const lastParams = (requests: RecordedRequest[]) => requests[requests.length - 1]?.params;

function replyWith(count: number) {
  return () =>
    ok({
      pullRequests: Array.from({ length: count }, (_, index) =>
        buildPullRequest({ number: index + 1, title: `Change ${String(index + 1)}` }),
      ),
      pagination: buildPagination(1, 30, count),
    });
}

describe('pull-request ship filter', () => {
  it('offers the four ship filters and sends the chosen one, kept in the address bar', async () => {
    const { requests } = mockApi({ 'GET /api/github/pull-requests': replyWith(1) });
    const { router } = renderApp(<PullRequestsRoute />, {
      url: '/pull-requests?filter=open',
      user: connected,
    });
    await screen.findByRole('link', { name: /Change 1/ });
    expect(lastParams(requests)).not.toHaveProperty('ship');

    const show = screen.getByLabelText('Show');
    expect(
      within(show)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All pull requests',
      shipFilterLabels.needs_my_review,
      shipFilterLabels.mine,
      shipFilterLabels.failing_checks,
      shipFilterLabels.ready_to_merge,
    ]);
    await userEvent.selectOptions(show, shipFilterLabels.ready_to_merge);

    await waitFor(() =>
      expect(lastParams(requests)).toEqual({
        page: 1,
        perPage: 30,
        filter: 'open',
        sort: 'updated',
        ship: 'ready_to_merge',
      }),
    );
    expect(router.state.location.search).toBe('?filter=open&ship=ready_to_merge');
    expect(screen.getByTestId('ship-filter-rule')).toHaveTextContent(
      shipFilterRules.ready_to_merge,
    );

    // Back to all: the first answer is still cached under the same params.
    await userEvent.selectOptions(show, 'All pull requests');
    await waitFor(() => expect(router.state.location.search).toBe('?filter=open'));
    expect(screen.queryByTestId('ship-filter-rule')).not.toBeInTheDocument();
  }, 15_000);

  it('reads the filter from the URL, and an empty answer offers to clear it', async () => {
    const { requests } = mockApi({ 'GET /api/github/pull-requests': replyWith(0) });
    const { router } = renderApp(<PullRequestsRoute />, {
      url: '/pull-requests?ship=needs_my_review',
      user: connected,
    });

    expect(await screen.findByText('No pull requests match')).toBeInTheDocument();
    expect(lastParams(requests)?.ship).toBe('needs_my_review');
    expect(screen.getByLabelText('Show')).toHaveValue('needs_my_review');

    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(lastParams(requests)).not.toHaveProperty('ship'));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Show')).toHaveValue('all');
  });

  it('ignores a ship filter the page does not offer', async () => {
    const { requests } = mockApi({ 'GET /api/github/pull-requests': replyWith(1) });
    renderApp(<PullRequestsRoute />, { url: '/pull-requests?ship=everything', user: connected });
    await screen.findByRole('link', { name: /Change 1/ });
    expect(lastParams(requests)).not.toHaveProperty('ship');
  });
});
