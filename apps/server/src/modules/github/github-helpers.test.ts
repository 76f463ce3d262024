import type { Repository } from '@shipdeck/shared/github';
import { describe, expect, it } from 'vitest';
import { computeStats, percentChange } from './compute-stats.js';
import { paginationFromLink } from './link-pagination.js';
import { pullRequestSearchQuery } from './pull-request-search.js';
import { selectRepositories } from './select-repositories.js';

function repo(overrides: Partial<Repository>): Repository {
  return {
    id: 1,
    name: 'repo',
    full_name: 'octocat/repo',
    owner: { login: 'octocat', avatar_url: '' },
    description: null,
    private: false,
    fork: false,
    archived: false,
    language: null,
    stargazers_count: 0,
    forks_count: 0,
    watchers_count: 0,
    open_issues_count: 0,
    updated_at: '2026-11-01T00:00:00Z',
    created_at: '2026-01-01T00:00:00Z',
    pushed_at: null,
    html_url: '',
    default_branch: 'main',
    size: 0,
    topics: [],
    ...overrides,
  };
}

describe('selectRepositories', () => {
  const repos = [
    repo({
      id: 1,
      name: 'beta',
      full_name: 'o/beta',
      private: true,
      stargazers_count: 5,
      updated_at: '2026-11-03T00:00:00Z',
    }),
    repo({
      id: 2,
      name: 'Alpha',
      full_name: 'o/Alpha',
      fork: true,
      forks_count: 9,
      updated_at: '2026-11-01T00:00:00Z',
    }),
    repo({
      id: 3,
      name: 'gamma',
      full_name: 'o/gamma',
      description: 'Has a Needle',
      updated_at: '2026-11-02T00:00:00Z',
    }),
  ];
  const ids = (list: Repository[]) => list.map((r) => r.id);

  it('sorts by update time by default, or by name, stars and forks', () => {
    expect(ids(selectRepositories(repos, { filter: 'all', sort: 'updated' }))).toEqual([1, 3, 2]);
    expect(ids(selectRepositories(repos, { filter: 'all', sort: 'name' }))).toEqual([2, 1, 3]);
    expect(ids(selectRepositories(repos, { filter: 'all', sort: 'stars' }))[0]).toBe(1);
    expect(ids(selectRepositories(repos, { filter: 'all', sort: 'forks' }))[0]).toBe(2);
  });

  it('filters and searches name and description without regard to case', () => {
    expect(ids(selectRepositories(repos, { filter: 'private', sort: 'updated' }))).toEqual([1]);
    expect(ids(selectRepositories(repos, { filter: 'public', sort: 'updated' }))).toEqual([3, 2]);
    expect(ids(selectRepositories(repos, { filter: 'fork', sort: 'updated' }))).toEqual([2]);
    expect(ids(selectRepositories(repos, { q: 'needle', filter: 'all', sort: 'updated' }))).toEqual(
      [3],
    );
  });
});

describe('computeStats', () => {
  it('sums the totals and compares the repository count with a month ago', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const stats = computeStats(
      [
        repo({
          stargazers_count: 3,
          forks_count: 1,
          open_issues_count: 2,
          created_at: '2026-01-01T00:00:00Z',
        }),
        repo({
          stargazers_count: 4,
          forks_count: 0,
          open_issues_count: 1,
          created_at: '2026-11-20T00:00:00Z',
        }),
      ],
      12,
      now,
    );
    expect(stats).toEqual({
      totalRepos: 2,
      totalCommits: 12,
      openIssues: 3,
      totalStars: 7,
      totalForks: 1,
      changes: { totalRepos: 100, totalCommits: null, openIssues: null, totalStars: null },
    });
  });

  it('has no change figure without an earlier value', () => {
    expect(percentChange(0, 5)).toBeNull();
    expect(percentChange(4, 3)).toBe(-25);
  });
});

describe('pullRequestSearchQuery', () => {
  it('builds one involves:@me query per filter', () => {
    expect(pullRequestSearchQuery('all')).toBe('is:pr involves:@me archived:false');
    expect(pullRequestSearchQuery('merged')).toBe('is:pr involves:@me archived:false is:merged');
    expect(pullRequestSearchQuery('closed', ' fix "login" ')).toBe(
      'is:pr involves:@me archived:false is:closed is:unmerged fix  login',
    );
  });
});

describe('paginationFromLink', () => {
  it('reads the last page from the Link header', () => {
    const link =
      '<https://api.github.com/repositories/1/commits?per_page=10&page=2>; rel="next", <https://api.github.com/repositories/1/commits?per_page=10&page=7>; rel="last"';
    expect(paginationFromLink(link, 1, 10, 10)).toMatchObject({
      total: 70,
      totalPages: 7,
      hasNext: true,
    });
  });

  it('counts what is there on a single page', () => {
    expect(paginationFromLink(undefined, 1, 10, 4)).toMatchObject({
      total: 4,
      totalPages: 1,
      hasNext: false,
    });
  });
});
