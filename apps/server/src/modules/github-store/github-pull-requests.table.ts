import type { ColumnType, Selectable } from 'kysely';
import type { GithubId } from './github-repositories.table.js';

export interface GithubPullRequestsTable {
  id: GithubId;
  repository_id: GithubId;
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  draft: number;
  merged_at: string | null;
  author_login: string | null;
  author_avatar_url: string | null;
  /** Null when only the search API has described the pull request so far. */
  head_sha: string | null;
  head_ref: string | null;
  head_repo_name: string | null;
  head_repo_html_url: string | null;
  base_ref: string | null;
  html_url: string;
  comments: number;
  /** JSON arrays of logins. */
  requested_reviewers: string;
  assignees: string;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  /** JSON array of label names (reminders' ignored and required labels). */
  labels: ColumnType<string, string | undefined, string>;
  /** JSON array of `org/slug` of requested teams. */
  requested_teams: ColumnType<string, string | undefined, string>;
  /** GitHub's MERGEABLE / CONFLICTING / UNKNOWN, once a ship-status pass asked. */
  mergeable: ColumnType<string | null, string | null | undefined, string | null>;
  review_state: string | null;
  checks_state: string | null;
  /** Merge when ready while on (GitHub's `auto_merge`): method, enabling login and time. */
  auto_merge_method: ColumnType<string | null, string | null | undefined, string | null>;
  auto_merge_enabled_by: ColumnType<string | null, string | null | undefined, string | null>;
  auto_merge_enabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** A re-run of failed checks was asked for then; cleared when new results arrive. */
  checks_rerun_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who asked for that re-run (user id) and when; kept until told how the checks settled. */
  checks_rerun_by: ColumnType<string | null, string | null | undefined, string | null>;
  checks_rerun_asked_at: ColumnType<string | null, string | null | undefined, string | null>;
  synced_at: string;
}

export type GithubPullRequestRow = Selectable<GithubPullRequestsTable>;

export interface GithubPullRequestInvolvementTable {
  user_id: string;
  pull_request_id: GithubId;
  is_author: number;
  is_review_requested: number;
  is_assignee: number;
  /** When a sync last saw the involvement; a full refresh drops what it did not see. */
  confirmed_at: string | null;
}
