import type { Selectable } from 'kysely';

/**
 * One token's window of a GitHub rate-limit resource other than core (`search`: 30 a minute;
 * `graphql`: points an hour). Every request takes a slot before it goes out, so the jobs of one
 * token on every instance stay within GitHub's limit together; GitHub's own `x-ratelimit-*`
 * figures correct the count whenever an answer carries them.
 */
export interface GithubRateWindowsTable {
  user_id: string;
  /** `search` or `graphql`. */
  resource: string;
  /** Requests (search) or points (GraphQL) the window allows. */
  quota: number;
  remaining: number;
  /** ISO time the window ends. */
  reset_at: string;
  /** ISO time the figures were last written. */
  seen_at: string;
}

export type GithubRateWindowRow = Selectable<GithubRateWindowsTable>;
