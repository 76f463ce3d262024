import type { GithubStats, Repository } from '@shipdeck/shared/github';
import { DAY_MS } from '../../lib/clock.js';

/** Percent change from `before` to `now`; null when there was nothing to compare with. */
export function percentChange(before: number, now: number): number | null {
  if (before <= 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/**
 * Figures for the dashboard's stat cards. The repository count can be compared with a month ago
 * from creation dates; stars, issues and commit history are not known for the past, so their
 * changes stay null rather than invented.
 */
export function computeStats(
  repositories: Repository[],
  recentCommits: number | null,
  now: Date = new Date(),
): GithubStats {
  const monthAgo = now.getTime() - 30 * DAY_MS;
  const reposMonthAgo = repositories.filter(
    (repo) => repo.created_at !== null && Date.parse(repo.created_at) <= monthAgo,
  ).length;
  const sum = (pick: (repo: Repository) => number) =>
    repositories.reduce((total, repo) => total + pick(repo), 0);
  return {
    totalRepos: repositories.length,
    totalCommits: recentCommits,
    openIssues: sum((repo) => repo.open_issues_count),
    totalStars: sum((repo) => repo.stargazers_count),
    totalForks: sum((repo) => repo.forks_count),
    changes: {
      totalRepos: percentChange(reposMonthAgo, repositories.length),
      totalCommits: null,
      openIssues: null,
      totalStars: null,
    },
  };
}
