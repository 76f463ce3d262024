import type { Commit, PullRequest, Repository } from '@shipdeck/shared/github';
import type { Pagination } from '@shipdeck/shared/pagination';

export function buildRepository(overrides: Partial<Repository> = {}): Repository {
  const name = overrides.name ?? 'hello-world';
  const login = overrides.owner?.login ?? 'octocat';
  return {
    id: 1,
    name,
    full_name: `${login}/${name}`,
    owner: { login, avatar_url: 'https://avatars.example.com/u/1' },
    description: 'My first repository',
    private: false,
    fork: false,
    archived: false,
    language: 'TypeScript',
    stargazers_count: 1234,
    forks_count: 56,
    watchers_count: 1234,
    open_issues_count: 7,
    updated_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    created_at: '2024-01-10T10:00:00.000Z',
    pushed_at: null,
    html_url: `https://github.com/${login}/${name}`,
    default_branch: 'main',
    size: 2048,
    topics: [],
    ...overrides,
  };
}

export function buildCommit(overrides: Partial<Commit> = {}): Commit {
  const sha = overrides.sha ?? '0123456789abcdef0123456789abcdef01234567';
  return {
    sha,
    html_url: `https://github.com/octocat/hello-world/commit/${sha}`,
    commit: {
      message: 'Add the README\n\nWith a longer explanation below.',
      author: { name: 'Mona Octocat', date: new Date(Date.now() - 5 * 60_000).toISOString() },
      committer: { date: new Date(Date.now() - 5 * 60_000).toISOString() },
    },
    author: { login: 'octocat', avatar_url: 'https://avatars.example.com/u/1' },
    ...overrides,
  };
}

export function buildPullRequest(overrides: Partial<PullRequest> = {}): PullRequest {
  const number = overrides.number ?? 42;
  return {
    id: number,
    number,
    title: 'Improve the docs',
    body: 'Explains\nthe setup.',
    state: 'open',
    merged: false,
    merged_at: null,
    closed_at: null,
    created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    updated_at: new Date(Date.now() - 3600_000).toISOString(),
    draft: false,
    comments: 0,
    user: { login: 'hubot', avatar_url: 'https://avatars.example.com/u/2' },
    html_url: `https://github.com/octocat/hello-world/pull/${number}`,
    repository: 'octocat/hello-world',
    head: { ref: 'docs', repo: null },
    ...overrides,
  };
}

export function buildPagination(page: number, perPage: number, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return { page, perPage, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}
