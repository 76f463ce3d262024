import { checksStateLabels, reviewStateLabels } from '@shipdeck/shared/insights-constants';
import { errorMessages } from '@shipdeck/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PullRequestsRoute } from '@/app/routes/app/pull-requests';
import { buildPagination, buildPullRequest } from '@/testing/github-data';
import { type RecordedRequest, fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';

const connected = buildUser({ githubId: '583231', githubLogin: 'octocat' });

function pullsReply(total: number) {
  return ({ params }: RecordedRequest) =>
    ok({
      pullRequests: [
        buildPullRequest({
          number: Number(params.page) * 100,
          title: `Page ${String(params.page)} change`,
          repository: 'octo-org/api',
        }),
      ],
      pagination: buildPagination(Number(params.page), 30, total),
    });
}

const lastParams = (requests: RecordedRequest[]) => requests[requests.length - 1]?.params;

describe('pull requests page', () => {
  it('lists pull requests across repositories, 30 a page, updated first', async () => {
    const { requests } = mockApi({ 'GET /api/github/pull-requests': pullsReply(1) });
    renderApp(<PullRequestsRoute />, { url: '/pull-requests', user: connected });

    const title = await screen.findByRole('link', { name: /Page 1 change/ });
    expect(title).toHaveAttribute('href', 'https://github.com/octocat/hello-world/pull/100');
    expect(title).toHaveAttribute('target', '_blank');
    expect(title).toHaveAttribute('rel', 'noopener noreferrer');
    const row = title.closest('li') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'octo-org/api' })).toHaveAttribute(
      'href',
      '/repo/octo-org/api',
    );
    expect(within(row).getByText('#100')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(within(row).getByText('hubot')).toBeInTheDocument();
    expect(requests[0]?.params).toEqual({ page: 1, perPage: 30, filter: 'all', sort: 'updated' });
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('shows ship status on the rows the server derived it for, and only there', async () => {
    mockApi({
      'GET /api/github/pull-requests': () =>
        ok({
          pullRequests: [
            {
              ...buildPullRequest({ number: 7, title: 'Shipping change' }),
              review: 'approved',
              checks: 'failing',
              preview: { state: 'none' },
              stage: 'checks',
              eta: null,
            },
            buildPullRequest({ number: 8, title: 'Older change' }),
          ],
          pagination: buildPagination(1, 30, 2),
        }),
    });
    renderApp(<PullRequestsRoute />, { url: '/pull-requests', user: connected });

    const shipping = (await screen.findByRole('link', { name: /Shipping change/ })).closest(
      'li',
    ) as HTMLElement;
    const chips = within(shipping).getByRole('list', { name: 'Ship status' });
    expect(within(chips).getByText(reviewStateLabels.approved)).toBeInTheDocument();
    expect(within(chips).getByText(checksStateLabels.failing)).toBeInTheDocument();
    const older = screen.getByRole('link', { name: /Older change/ }).closest('li') as HTMLElement;
    expect(within(older).queryByRole('list', { name: 'Ship status' })).not.toBeInTheDocument();
  });

  it('sends the filter, sort and search to the server', async () => {
    const { requests } = mockApi({ 'GET /api/github/pull-requests': pullsReply(1) });
    const { router } = renderApp(<PullRequestsRoute />, {
      url: '/pull-requests',
      user: connected,
    });
    await screen.findByRole('link', { name: /Page 1 change/ });

    const filter = screen.getByLabelText('Filter');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['all', 'open', 'closed', 'merged']);
    await userEvent.selectOptions(filter, 'merged');
    await waitFor(() => expect(lastParams(requests)?.filter).toBe('merged'));

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'created');
    await waitFor(() => expect(lastParams(requests)?.sort).toBe('created'));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search pull requests' }), 'fix');
    await waitFor(() =>
      expect(lastParams(requests)).toEqual({
        page: 1,
        perPage: 30,
        q: 'fix',
        filter: 'merged',
        sort: 'created',
      }),
    );
    expect(router.state.location.search).toBe('?filter=merged&sort=created&q=fix');
  });

  it('pages through more than one page', async () => {
    const { requests } = mockApi({ 'GET /api/github/pull-requests': pullsReply(75) });
    renderApp(<PullRequestsRoute />, { url: '/pull-requests', user: connected });
    await screen.findByRole('link', { name: /Page 1 change/ });

    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('link', { name: /Page 2 change/ })).toBeInTheDocument();
    expect(lastParams(requests)?.page).toBe(2);
  });

  it('shows the error with Try Again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    mockApi({
      'GET /api/github/pull-requests': (request) => {
        calls += 1;
        return calls === 1 ? 'network-error' : pullsReply(1)(request);
      },
    });
    renderApp(<PullRequestsRoute />, { url: '/pull-requests', user: connected });

    expect(await screen.findByText(errorMessages.loadPullRequests)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('link', { name: /Page 1 change/ })).toBeInTheDocument();
  });

  it('offers to connect GitHub when the server no longer has access', async () => {
    mockApi({
      'GET /api/github/pull-requests': fail(
        409,
        errorMessages.githubTokenRevoked,
        'GITHUB_NOT_CONNECTED',
      ),
    });
    renderApp(<PullRequestsRoute />, { url: '/pull-requests', user: connected });

    expect(await screen.findByText(errorMessages.githubTokenRevoked)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Connect GitHub' })).toBeInTheDocument();
  });
});
