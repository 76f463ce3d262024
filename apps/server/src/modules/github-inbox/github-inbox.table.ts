import type { Selectable } from 'kysely';

/** One of the user's GitHub notification threads, as the last poll of GET /notifications saw it. */
export interface GithubNotificationThreadsTable {
  user_id: string;
  /** GitHub's thread id (a string on the wire). */
  thread_id: string;
  reason: string;
  /** 0/1. */
  unread: number;
  /** ISO times. */
  updated_at: string;
  last_read_at: string | null;
  subject_type: string | null;
  subject_title: string;
  subject_url: string | null;
  latest_comment_url: string | null;
  /** `owner/name`. */
  repository: string;
  repository_html_url: string;
  /** The subject's page on the GitHub server (derived from `subject_url` and the repository's html_url). */
  link: string | null;
  pull_request_number: number | null;
  /** The pull request's state (`open`, `closed`, `merged`) in the store when the thread last arrived. */
  pull_request_state_at_arrival: string | null;
  /** Muted from Shipdeck (`PUT …/subscription {ignored: true}` accepted). */
  muted_at: string | null;
  first_seen_at: string;
  synced_at: string;
}

export type GithubNotificationThreadRow = Selectable<GithubNotificationThreadsTable>;

/** Why a user's GitHub threads can or cannot be read; null before the first poll. */
export type GithubInboxAccess = 'synced' | 'missing-scope' | 'unsupported-token';

/** Per user: where the notifications poll stands. */
export interface GithubInboxPollsTable {
  user_id: string;
  access: GithubInboxAccess | null;
  /** The last `Last-Modified`, sent back as If-Modified-Since. */
  last_modified: string | null;
  /** GitHub's `X-Poll-Interval`. */
  poll_interval_seconds: number;
  /** No poll before this (ISO): the last poll plus the poll interval. */
  not_before: string | null;
  last_poll_at: string | null;
  /** The last poll that read the whole unread list (not a 304), which reconciles reads. */
  last_full_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  /** `provider_tokens.updated_at` of the token the stored threads were read with. */
  token_updated_at: string | null;
  /** The user has Shipdeck open (an SSE stream) until this time: poll at GitHub's interval. */
  live_until: string | null;
}

export type GithubInboxPollRow = Selectable<GithubInboxPollsTable>;
