import type { CommitLiveResult } from '@shipdeck/shared/commit-live';
import type { VercelDeployment } from '@shipdeck/shared/vercel';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RepositoryRoute } from '@/app/routes/app/repository';
import { buildCommit, buildPagination, buildRepository } from '@/testing/github-data';
import { type MockReply, type RecordedRequest, fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildVercelUser } from '@/testing/test-data';

// The commits tab past its first page, with the deployment marks on every page, and the
// "Find a commit" field asking the server whether production serves a commit.

const base = '/api/github/repos/octocat/hello-world';
const sha = (n: number) => n.toString(16).padStart(40, 'a');
/** 23 commits: three pages of ten. */
const allCommits = Array.from({ length: 23 }, (_, i) =>
  buildCommit({
    sha: sha(i + 1),
    commit: {
      message: `Commit number ${i + 1}`,
      author: { name: 'Mona Octocat', date: '2026-11-20T10:00:00.000Z' },
      committer: { date: '2026-11-20T10:00:00.000Z' },
    },
  }),
);

function deployment(overrides: Partial<VercelDeployment>): VercelDeployment {
  return {
    id: 'dpl_prod',
    projectId: 'prj_web',
    projectName: 'web',
    state: 'READY',
    target: 'production',
    url: 'https://web-prod.vercel.app',
    inspectorUrl: null,
    branch: 'main',
    commitSha: sha(14),
    commitMessage: 'Commit number 14',
    commitAuthor: 'Mona Octocat',
    commitAuthorLogin: 'octocat',
    pullRequestId: null,
    repository: null,
    commitUrl: null,
    pullRequestUrl: null,
    createdAt: '2026-11-20T11:00:00.000Z',
    buildingAt: '2026-11-20T11:00:05.000Z',
    readyAt: '2026-11-20T11:01:00.000Z',
    errorCode: null,
    errorMessage: null,
    ...overrides,
  };
}

const production = deployment({});
const preview = deployment({
  id: 'dpl_preview',
  target: 'preview',
  url: 'https://web-git-feature.vercel.app',
  commitSha: sha(12),
  branch: 'feature',
});

function commitsPage(request: RecordedRequest): MockReply {
  const page = Number(request.params.page);
  const perPage = Number(request.params.perPage);
  return ok({
    commits: allCommits.slice((page - 1) * perPage, page * perPage),
    pagination: buildPagination(page, perPage, allCommits.length),
  });
}

function routes(overrides: Record<string, MockReply | ((r: RecordedRequest) => MockReply)> = {}) {
  return {
    [`GET ${base}`]: ok({ repository: buildRepository() }),
    [`GET ${base}/commits`]: commitsPage,
    [`GET ${base}/branches`]: ok({ branches: [] }),
    [`GET ${base}/languages`]: ok({ languages: [] }),
    'GET /api/vercel/projects': ok({
      projects: [
        {
          id: 'prj_web',
          name: 'web',
          framework: null,
          description: null,
          updatedAt: '2026-11-20T11:01:00.000Z',
          link: null,
          repository: null,
          productionDeployment: production,
          latestDeployment: production,
          productionRolledBack: false,
          resumeProductionWith: null,
        },
      ],
      pagination: { total: 1, limit: 10, offset: 0, hasNext: false },
      syncedAt: null,
    }),
    'GET /api/vercel/deployments': ok({
      deployments: [production, preview],
      pagination: { total: 2, limit: 100, offset: 0, hasNext: false },
      syncedAt: null,
    }),
    'GET /api/insights/etas': ok({ etas: [] }),
    ...overrides,
  };
}

function renderRepo() {
  return renderApp(<RepositoryRoute />, {
    url: '/repo/octocat/hello-world',
    path: '/repo/:owner/:repo',
    user: buildVercelUser(),
  });
}

function rowOf(message: string): HTMLElement {
  const row = screen.getByText(message).closest('li');
  if (!row) throw new Error(`no row for ${message}`);
  return row;
}

describe('repository commits', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('pages through the commits ten at a time, with live and preview marks on later pages', async () => {
    const { requests } = mockApi(routes());
    const user = userEvent.setup();
    renderRepo();

    expect(await screen.findByText('Commit number 1')).toBeInTheDocument();
    expect(screen.getByText('Commit number 10')).toBeInTheDocument();
    expect(screen.queryByText('Commit number 11')).not.toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Commits pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Commit number 11')).toBeInTheDocument();
    expect(screen.queryByText('Commit number 1')).not.toBeInTheDocument();
    expect(within(pager).getByText('Page 2 of 3')).toBeInTheDocument();
    const commitRequests = requests.filter((r) => r.url === `${base}/commits`);
    expect(commitRequests.map((r) => r.params)).toEqual([
      { page: 1, perPage: 10 },
      { page: 2, perPage: 10 },
    ]);
    // Production was built from commit 14 and a preview from commit 12, both on page two.
    expect(await within(rowOf('Commit number 14')).findByText('Live in production')).toBeVisible();
    expect(
      within(rowOf('Commit number 12')).getByRole('link', { name: /Preview: web-git-feature/ }),
    ).toHaveAttribute('href', 'https://web-git-feature.vercel.app');
    expect(within(rowOf('Commit number 13')).queryByText('Live in production')).toBeNull();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Commit number 23')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Commit number 11')).toBeInTheDocument();
  });

  it('says a commit found by prefix is live, through which deployment, and links its triage page', async () => {
    const answer: CommitLiveResult = {
      sha: sha(20),
      live: true,
      via: 'compare',
      deployment: production,
    };
    const { requests } = mockApi(routes({ [`GET ${base}/commits/aaaaaaa/live`]: ok(answer) }));
    const user = userEvent.setup();
    renderRepo();

    const finder = await screen.findByRole('search', { name: 'Find a commit' });
    await user.type(within(finder).getByLabelText('Find a commit'), 'AAAAAAA');
    await user.click(within(finder).getByRole('button', { name: 'Is it live?' }));

    expect(await screen.findByText('is included in', { exact: false })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: `web @ ${sha(14).slice(0, 7)}` });
    expect(link).toHaveAttribute('href', '/deployments/dpl_prod');
    expect(requests.some((r) => r.url === `${base}/commits/aaaaaaa/live`)).toBe(true);
  });

  it('says not live yet, not found, or asks for a real SHA', async () => {
    const notYet: CommitLiveResult = {
      sha: sha(2),
      live: false,
      via: 'compare',
      deployment: production,
    };
    const { requests } = mockApi(
      routes({
        [`GET ${base}/commits/${sha(2)}/live`]: ok(notYet),
        [`GET ${base}/commits/1234567/live`]: fail(404, 'NOT_FOUND', 'No commit with that SHA'),
      }),
    );
    const user = userEvent.setup();
    renderRepo();
    const finder = await screen.findByRole('search', { name: 'Find a commit' });
    const input = within(finder).getByLabelText('Find a commit');
    const submit = within(finder).getByRole('button', { name: 'Is it live?' });

    await user.type(input, sha(2));
    await user.click(submit);
    expect(await screen.findByText('Not live yet')).toBeInTheDocument();
    expect(screen.getByText(/which does not\s+contain/)).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '1234567');
    await user.click(submit);
    expect(await screen.findByText(/in octocat\/hello-world\./)).toHaveTextContent(
      'No commit 1234567 in octocat/hello-world.',
    );

    const before = requests.length;
    await user.clear(input);
    await user.type(input, 'main');
    await user.click(submit);
    expect(screen.getByText(/Enter a commit SHA/)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(requests.slice(before).filter((r) => r.url.endsWith('/live'))).toEqual([]);
  });
});
