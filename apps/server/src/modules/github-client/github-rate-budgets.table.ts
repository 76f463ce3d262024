import type { Selectable } from 'kysely';

/**
 * The latest GitHub core rate-limit figures seen for a user, read from the `x-ratelimit-*`
 * headers of any answer GitHub gave the server for them (sync or on-demand detail).
 */
export interface GithubRateBudgetsTable {
  user_id: string;
  core_limit: number;
  core_remaining: number;
  /** ISO time the window resets. */
  core_reset_at: string;
  /** ISO time GitHub sent these figures. */
  seen_at: string;
}

export type GithubRateBudgetRow = Selectable<GithubRateBudgetsTable>;
