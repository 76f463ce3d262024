import type { Repository } from '@shipdeck/shared/github';
import { describe, expect, it } from 'vitest';
import { computeStats, percentChange } from '../github/compute-stats.js';
import { paginationFromLink } from './link-pagination.js';

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
