import { checksStateLabels, reviewStateLabels } from '@shipdeck/shared/insights-constants';
import { errorMessages } from '@shipdeck/shared/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RepositoryRoute } from '@/app/routes/app/repository';
import {
  buildCommit,
  buildPagination,
  buildPullRequest,
  buildRepository,
} from '@/testing/github-data';
import { type MockReply, fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';

const connected = buildUser({ githubId: '583231', githubLogin: 'octocat' });
const base = '/api/github/repos/octocat/hello-world';

function routes(overrides: Record<string, MockReply> = {}) {
  return {
    [`GET ${base}`]: ok({ repository: buildRepository() }),
    [`GET ${base}/commits`]: ok({
      commits: [buildCommit()],
      pagination: buildPagination(1, 10, 1),
    }),
    [`GET ${base}/pulls`]: ok({
      pullRequests: [
        buildPullRequest({
          number: 7,
          title: 'Merged one',
          state: 'closed',
          merged: true,
          merged_at: '2026-11-01T00:00:00.000Z',
        }),
        buildPullRequest({ number: 8, title: 'Closed one', state: 'closed' }),
        buildPullRequest({ number: 9, title: 'Open one' }),
      ],
      pagination: buildPagination(1, 10, 3),
    }),
    [`GET ${base}/branches`]: ok({
      branches: [
        { name: 'feature', sha: 'b', protected: false },
        { name: 'main', sha: 'a', protected: true },
      ],
    }),
    [`GET ${base}/languages`]: ok({
      languages: [
        { name: 'TypeScript', bytes: 900, percent: 90 },
        { name: 'CSS', bytes: 100, percent: 10 },
      ],
    }),
    ...overrides,
  };
}

function renderRepo() {
  return renderApp(<RepositoryRoute />, {
    url: '/repo/octocat/hello-world',
    path: '/repo/:owner/:repo',
    user: connected,
  });
}

describe('repository page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows the header, info, languages, branches and the latest commits', async () => {
    const { requests } = mockApi(routes());
    renderRepo();

    expect(await screen.findByText('My first repository')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View on GitHub/ })).toHaveAttribute(
      'href',
      'https://github.com/octocat/hello-world',
    );
    expect(await screen.findByText('Add the README')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Commit 0123456 on GitHub' })).toHaveAttribute(
      'href',
      expect.stringContaining('/commit/0123456789abcdef'),
    );
    expect(requests.find((r) => r.url === `${base}/commits`)?.params).toEqual({
      page: 1,
      perPage: 10,
    });

    const info = screen.getByRole('region', { name: 'Repository Info' });
    expect(within(info).getByText('main')).toBeInTheDocument();
    expect(within(info).getByText(`${(2048).toLocaleString()} KB`)).toBeInTheDocument();
    const languages = screen.getByRole('region', { name: 'Languages' });
    expect(await within(languages).findByText('TypeScript')).toBeInTheDocument();
    expect(within(languages).getByText('90%')).toBeInTheDocument();
    const branches = screen.getByRole('region', { name: 'Branches' });
    expect(await within(branches).findByText('2 branches')).toBeInTheDocument();

    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    for (const [name, suffix] of [
      [/branches/, 'branches'],
      [/issues/, 'issues'],
      [/pull requests/, 'pulls'],
    ] as const) {
      const link = within(actions).getByRole('link', { name });
      expect(link).toHaveAttribute('href', `https://github.com/octocat/hello-world/${suffix}`);
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('switches to the pull requests tab with Merged taking precedence over Closed', async () => {
    const { requests } = mockApi(routes());
    renderRepo();
    await screen.findByText('Add the README');

    await userEvent.click(screen.getByRole('tab', { name: 'Pull Requests' }));

    const panel = await screen.findByRole('tabpanel', { name: 'Pull Requests' });
    const merged = (await within(panel).findByText(/Merged one/)).closest('li');
    expect(within(merged as HTMLElement).getByText('Merged')).toBeInTheDocument();
    expect(within(merged as HTMLElement).queryByText('Closed')).not.toBeInTheDocument();
    const closed = within(panel)
      .getByText(/Closed one/)
      .closest('li');
    expect(within(closed as HTMLElement).getByText('Closed')).toBeInTheDocument();
    const open = within(panel)
      .getByText(/Open one/)
      .closest('li');
    expect(within(open as HTMLElement).getByText('Open')).toBeInTheDocument();
    expect(within(panel).getAllByText('Explains the setup.')).toHaveLength(3);
    expect(requests.find((r) => r.url === `${base}/pulls`)?.params).toEqual({
      state: 'all',
      page: 1,
      perPage: 10,
    });
  });

  it('shows ship status on the pull requests the server derived it for', async () => {
    mockApi(
      routes({
        [`GET ${base}/pulls`]: ok({
          pullRequests: [
            {
              ...buildPullRequest({ number: 9, title: 'Open one' }),
              review: 'changes_requested',
              checks: 'passing',
              preview: { state: 'none' },
              stage: 'review',
              eta: null,
            },
            buildPullRequest({ number: 8, title: 'Closed one', state: 'closed' }),
          ],
          pagination: buildPagination(1, 10, 2),
        }),
      }),
    );
    renderRepo();
    await screen.findByText('Add the README');
    await userEvent.click(screen.getByRole('tab', { name: 'Pull Requests' }));

    const panel = await screen.findByRole('tabpanel', { name: 'Pull Requests' });
    const open = (await within(panel).findByText(/Open one/)).closest('li') as HTMLElement;
    const chips = within(open).getByRole('list', { name: 'Ship status' });
    expect(within(chips).getByText(reviewStateLabels.changes_requested)).toBeInTheDocument();
    expect(within(chips).getByText(checksStateLabels.passing)).toBeInTheDocument();
    const closed = within(panel)
      .getByText(/Closed one/)
      .closest('li') as HTMLElement;
    expect(within(closed).queryByRole('list', { name: 'Ship status' })).not.toBeInTheDocument();
  });

  it('says the repository was not found on a 404', async () => {
    mockApi(
      routes({
        [`GET ${base}`]: fail(404, errorMessages.repositoryNotFound, 'NOT_FOUND'),
      }),
    );
    renderRepo();

    expect(await screen.findByText(errorMessages.repositoryNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to repositories' })).toHaveAttribute(
      'href',
      '/repositories',
    );
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('leaves only the failed part empty when one call fails', async () => {
    mockApi(
      routes({
        [`GET ${base}/commits`]: fail(502, 'GitHub could not be reached.', 'PROVIDER_ERROR'),
        [`GET ${base}/languages`]: 'network-error',
      }),
    );
    renderRepo();

    const panel = await screen.findByRole('tabpanel', { name: 'Commits' });
    expect(await within(panel).findByText(errorMessages.loadRepositoryData)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    const languages = screen.getByRole('region', { name: 'Languages' });
    expect(
      await within(languages).findByText(errorMessages.loadRepositoryData),
    ).toBeInTheDocument();
    // The rest still shows.
    expect(screen.getByText('My first repository')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Repository Info' })).toBeInTheDocument();
    expect(await screen.findByText('2 branches')).toBeInTheDocument();
  });

  it('keeps commits and side cards when the repository itself fails', async () => {
    mockApi(
      routes({ [`GET ${base}`]: fail(502, 'GitHub could not be reached.', 'PROVIDER_ERROR') }),
    );
    renderRepo();

    expect(await screen.findByText(errorMessages.loadRepositoryData)).toBeInTheDocument();
    expect(await screen.findByText('Add the README')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Repository Info' })).not.toBeInTheDocument();
  });
});
