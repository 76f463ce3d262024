import { errorMessages } from '@shipdeck/shared/messages';
import {
  commitsResultSchema,
  pullsResultSchema,
  reposResultSchema,
  repositoryResultSchema,
} from '@shipdeck/shared/github';
import { describe, expect, it } from 'vitest';
import { bearer, dataOf, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';

const emulator = useEmulator({ repos: 40, richRepos: 6, projects: 2 });

describe.each(testDialects)('GitHub data routes on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  it('answers 409 GITHUB_NOT_CONNECTED for an account without GitHub', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/github/repos',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'GITHUB_NOT_CONNECTED',
      message: errorMessages.githubNotConnected,
    });
  });

  it('lists every repository, then filters, searches, sorts and pages across all of them', async () => {
    const token = await signInWithGithub(t.app);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/github/repos?perPage=100',
      headers: bearer(token),
    });
    expect(all.statusCode).toBe(200);
    const everything = dataOf(all, reposResultSchema);
    expect(everything.pagination.total).toBeGreaterThanOrEqual(40);
    const updated = everything.repositories.map((repo) => Date.parse(repo.updated_at ?? ''));
    expect(updated).toEqual([...updated].sort((a, b) => b - a));

    const privateOnly = dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/api/github/repos?filter=private&perPage=100',
        headers: bearer(token),
      }),
      reposResultSchema,
    );
    expect(privateOnly.repositories.length).toBeGreaterThan(0);
    expect(privateOnly.repositories.every((repo) => repo.private)).toBe(true);

    const byStars = dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/api/github/repos?sort=stars&perPage=5',
        headers: bearer(token),
      }),
      reposResultSchema,
    );
    const topStars = Math.max(...everything.repositories.map((repo) => repo.stargazers_count));
    expect(byStars.repositories[0]?.stargazers_count).toBe(topStars);
    expect(byStars.pagination).toMatchObject({
      page: 1,
      perPage: 5,
      hasNext: true,
      hasPrev: false,
    });

    const needle = everything.repositories[3]?.name ?? '';
    const searched = dataOf(
      await t.app.inject({
        method: 'GET',
        url: `/api/github/repos?q=${encodeURIComponent(needle.toUpperCase())}`,
        headers: bearer(token),
      }),
      reposResultSchema,
    );
    expect(searched.repositories.map((repo) => repo.name)).toContain(needle);

    const secondPage = dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/api/github/repos?page=2&perPage=10',
        headers: bearer(token),
      }),
      reposResultSchema,
    );
    expect(secondPage.repositories.map((repo) => repo.id)).toEqual(
      everything.repositories.slice(10, 20).map((repo) => repo.id),
    );
  });

  it('refuses bad query values with a 400 naming the field', async () => {
    const token = await signInWithGithub(t.app);
    for (const [url, field] of [
      ['/api/github/repos?perPage=500', 'query.perPage'],
      ['/api/github/repos?filter=secret', 'query.filter'],
      ['/api/github/repos?page=0', 'query.page'],
      ['/api/github/pull-requests?sort=popularity', 'query.sort'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field, url).toBe(field);
    }
  });

  it('serves one repository with commits, pull requests, branches and languages', async () => {
    const token = await signInWithGithub(t.app);
    const list = dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/api/github/repos?perPage=100',
        headers: bearer(token),
      }),
      reposResultSchema,
    );
    const rich = list.repositories.find((repo) => repo.owner.login === 'octocat' && repo.size > 0);
    expect(rich).toBeDefined();
    const base = `/api/github/repos/${rich?.full_name ?? ''}`;

    const repository = dataOf(
      await t.app.inject({ method: 'GET', url: base, headers: bearer(token) }),
      repositoryResultSchema,
    ).repository;
    expect(repository.full_name).toBe(rich?.full_name);

    const commits = dataOf(
      await t.app.inject({
        method: 'GET',
        url: `${base}/commits?perPage=10`,
        headers: bearer(token),
      }),
      commitsResultSchema,
    );
    expect(commits.commits.length).toBeLessThanOrEqual(10);
    for (const commit of commits.commits) expect(commit.sha).toMatch(/^[0-9a-f]{40}$/);

    const pulls = dataOf(
      await t.app.inject({
        method: 'GET',
        url: `${base}/pulls?state=all&perPage=10`,
        headers: bearer(token),
      }),
      pullsResultSchema,
    );
    for (const pull of pulls.pullRequests) {
      expect(pull.merged).toBe(pull.merged_at !== null);
      expect(pull.repository).toBe(rich?.full_name);
    }

    const branches = await t.app.inject({
      method: 'GET',
      url: `${base}/branches`,
      headers: bearer(token),
    });
    expect(branches.statusCode).toBe(200);
    const branchNames = branches
      .json<{ data: { branches: { name: string }[] } }>()
      .data.branches.map((branch) => branch.name);
    expect(branchNames).toContain(repository.default_branch);

    const languages = await t.app.inject({
      method: 'GET',
      url: `${base}/languages`,
      headers: bearer(token),
    });
    const shares = languages.json<{ data: { languages: { percent: number; bytes: number }[] } }>()
      .data.languages;
    const bytes = shares.map((share) => share.bytes);
    expect(bytes).toEqual([...bytes].sort((a, b) => b - a));
    if (shares.length > 0) {
      expect(shares.reduce((sum, share) => sum + share.percent, 0)).toBeCloseTo(100, 0);
    }
  });

  it('answers 404 with the spec text for a repository that does not exist', async () => {
    const token = await signInWithGithub(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/github/repos/octocat/no-such-repository',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: errorMessages.repositoryNotFound });
  });

  it('lists pull requests across repositories with filters and sort', async () => {
    const token = await signInWithGithub(t.app);
    const all = dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/api/github/pull-requests?perPage=50',
        headers: bearer(token),
      }),
      pullsResultSchema,
    );
    expect(all.pullRequests.length).toBeGreaterThan(0);
    expect(new Set(all.pullRequests.map((pull) => pull.repository)).size).toBeGreaterThan(1);
    const updated = all.pullRequests.map((pull) => Date.parse(pull.updated_at));
    expect(updated).toEqual([...updated].sort((a, b) => b - a));

    const merged = dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/api/github/pull-requests?filter=merged&perPage=50',
        headers: bearer(token),
      }),
      pullsResultSchema,
    );
    expect(merged.pullRequests.every((pull) => pull.merged)).toBe(true);

    const open = dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/api/github/pull-requests?filter=open&perPage=50',
        headers: bearer(token),
      }),
      pullsResultSchema,
    );
    expect(open.pullRequests.every((pull) => pull.state === 'open')).toBe(true);

    const closed = dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/api/github/pull-requests?filter=closed&perPage=50',
        headers: bearer(token),
      }),
      pullsResultSchema,
    );
    expect(closed.pullRequests.every((pull) => pull.state === 'closed' && !pull.merged)).toBe(true);
  });

  it('reports stats and recent activity', async () => {
    const token = await signInWithGithub(t.app);
    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/github/stats',
      headers: bearer(token),
    });
    expect(stats.statusCode).toBe(200);
    const { data } = stats.json<{ data: Record<string, unknown> & { totalRepos: number } }>();
    expect(data.totalRepos).toBeGreaterThanOrEqual(40);
    expect(data).toMatchObject({
      changes: { totalCommits: null, openIssues: null, totalStars: null },
    });

    const activity = await t.app.inject({
      method: 'GET',
      url: '/api/github/activity?days=7',
      headers: bearer(token),
    });
    const body = activity.json<{
      data: { stats: { days: number; activeRepos: number }; repositories: { pushed_at: string }[] };
    }>().data;
    expect(body.stats.days).toBe(7);
    expect(body.repositories).toHaveLength(body.stats.activeRepos);
    const weekAgo = Date.now() - 7 * 86_400_000;
    expect(body.repositories.every((repo) => Date.parse(repo.pushed_at) >= weekAgo)).toBe(true);
  });
});
