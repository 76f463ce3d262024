import type { Selectable } from 'kysely';

/** The stat-card figures of one user on one UTC day (`YYYY-MM-DD`). */
export interface GithubDailySnapshotsTable {
  user_id: string;
  day: string;
  total_repos: number;
  total_commits: number;
  open_issues: number;
  total_stars: number;
  total_forks: number;
}

export type GithubDailySnapshotRow = Selectable<GithubDailySnapshotsTable>;
