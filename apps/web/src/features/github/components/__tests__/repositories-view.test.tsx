import { errorMessages } from '@shipdeck/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RepositoriesRoute } from '@/app/routes/app/repositories';
import { buildPagination, buildRepository } from '@/testing/github-data';
import { type RecordedRequest, fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';

const connected = buildUser({ githubId: '583231', githubLogin: 'octocat' });

function reposReply(total: number) {
  return ({ params }: RecordedRequest) => {
    const page = Number(params.page);
    return ok({
      repositories: [
        buildRepository({ id: page * 1000 + 1, name: `repo-page-${page}` }),
        buildRepository({ id: page * 1000 + 2, name: 'second', private: true, fork: true }),
      ],
      pagination: buildPagination(page, 50, total),
    });
  };
}

const lastRequest = (requests: RecordedRequest[]) => requests[requests.length - 1];

describe('repositories page', () => {
  it('asks the server for the first 50, updated first, and lists them with the total', async () => {
    const { requests } = mockApi({ 'GET /api/github/repos': reposReply(2) });
    renderApp(<RepositoriesRoute />, { url: '/repositories', user: connected });

    expect(await screen.findByRole('link', { name: 'octocat/repo-page-1' })).toHaveAttribute(
      'href',
      '/repo/octocat/repo-page-1',
    );
    expect(requests[0]?.params).toEqual({ page: 1, perPage: 50, filter: 'all', sort: 'updated' });
    expect(screen.getByRole('heading', { name: '2 repositories' })).toBeInTheDocument();
    const second = screen.getByRole('link', { name: 'octocat/second' }).closest('li');
    expect(within(second as HTMLElement).getByText('Private')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('Fork')).toBeInTheDocument();
    expect(screen.getAllByText((1234).toLocaleString()).length).toBeGreaterThan(0);
    // One page only: no pagination.
    expect(screen.queryByRole('button', { name: /next/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /previous/i })).not.toBeInTheDocument();
  });

  it('sends search (debounced), filter and sort to the server and keeps them in the URL', async () => {
    const { requests } = mockApi({ 'GET /api/github/repos': reposReply(2) });
    const { router } = renderApp(<RepositoriesRoute />, { url: '/repositories', user: connected });
    await screen.findByRole('link', { name: 'octocat/repo-page-1' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search repositories' }), 'hello');
    await waitFor(() => expect(lastRequest(requests)?.params.q).toBe('hello'));
    // The debounce sends one search, not one per key.
    expect(requests.filter((r) => r.params.q !== undefined)).toHaveLength(1);

    await userEvent.selectOptions(screen.getByLabelText('Filter'), 'private');
    await waitFor(() =>
      expect(lastRequest(requests)?.params).toEqual({
        page: 1,
        perPage: 50,
        q: 'hello',
        filter: 'private',
        sort: 'updated',
      }),
    );

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'stars');
    await waitFor(() => expect(lastRequest(requests)?.params.sort).toBe('stars'));
    expect(router.state.location.search).toBe('?q=hello&filter=private&sort=stars');

    // Back through the history restores the earlier search in the box too.
    await router.navigate('/repositories?q=other');
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search repositories' })).toHaveValue('other'),
    );
    await waitFor(() => expect(lastRequest(requests)?.params.q).toBe('other'));
  });

  it('starts from the filters in the URL', async () => {
    const { requests } = mockApi({ 'GET /api/github/repos': reposReply(200) });
    renderApp(<RepositoriesRoute />, {
      url: '/repositories?q=cli&filter=fork&sort=forks&page=3',
      user: connected,
    });

    await screen.findByRole('link', { name: 'octocat/repo-page-3' });
    expect(requests[0]?.params).toEqual({
      page: 3,
      perPage: 50,
      q: 'cli',
      filter: 'fork',
      sort: 'forks',
    });
    expect(screen.getByRole('searchbox', { name: 'Search repositories' })).toHaveValue('cli');
    expect(screen.getByLabelText('Filter')).toHaveValue('fork');
  });

  it('pages with Previous and Next when there is more than one page', async () => {
    const { requests } = mockApi({ 'GET /api/github/repos': reposReply(120) });
    renderApp(<RepositoriesRoute />, { url: '/repositories', user: connected });
    await screen.findByRole('link', { name: 'octocat/repo-page-1' });

    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('link', { name: 'octocat/repo-page-2' })).toBeInTheDocument();
    expect(lastRequest(requests)?.params.page).toBe(2);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('shows the error with Try Again, which asks again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    mockApi({
      'GET /api/github/repos': (request) => {
        calls += 1;
        return calls === 1
          ? fail(502, 'GitHub could not be reached.', 'PROVIDER_ERROR')
          : reposReply(2)(request);
      },
    });
    renderApp(<RepositoriesRoute />, { url: '/repositories', user: connected });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(errorMessages.loadRepositories)).toBeInTheDocument();
    expect(within(alert).getByText(new RegExp(errorMessages.checkConsole))).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('link', { name: 'octocat/repo-page-1' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(errorMessages.loadRepositories, expect.anything());
  });

  it('says when nothing matches and clears the search', async () => {
    const { requests } = mockApi({
      'GET /api/github/repos': ({ params }) =>
        ok({
          repositories: params.q ? [] : [buildRepository()],
          pagination: buildPagination(1, 50, params.q ? 0 : 1),
        }),
    });
    renderApp(<RepositoriesRoute />, { url: '/repositories?q=zzz', user: connected });

    expect(await screen.findByText('No repositories match')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));

    expect(await screen.findByRole('link', { name: 'octocat/hello-world' })).toBeInTheDocument();
    expect(lastRequest(requests)?.params.q).toBeUndefined();
  });

  it('shows hostile text as text', async () => {
    mockApi({
      'GET /api/github/repos': ok({
        repositories: [
          buildRepository({
            name: 'xss',
            description: '<script>alert(1)</script> 🚀 ' + 'a'.repeat(300),
          }),
        ],
        pagination: buildPagination(1, 50, 1),
      }),
    });
    renderApp(<RepositoriesRoute />, { url: '/repositories', user: connected });

    const description = await screen.findByText(/^<script>alert\(1\)<\/script> 🚀 a+…$/);
    expect(Array.from(description.textContent ?? '')).toHaveLength(121);
    expect(document.querySelector('script')).toBeNull();
  });
});
