import type { ColumnType, Selectable } from 'kysely';

/** A GitHub id: PostgreSQL's bigint arrives as a string, SQLite's as a number. */
export type GithubId = ColumnType<string | number, number, number>;

/** One row per GitHub repository, shared by every user who can see it. Booleans are 0/1. */
export interface GithubRepositoriesTable {
  id: GithubId;
  name: string;
  full_name: string;
  owner_login: string;
  owner_avatar_url: string;
  description: string | null;
  private: number;
  fork: number;
  archived: number;
  language: string | null;
  stargazers_count: number;
  forks_count: number;
  watchers_count: number;
  open_issues_count: number;
  created_at: string | null;
  updated_at: string | null;
  pushed_at: string | null;
  html_url: string;
  default_branch: string;
  size: number;
  /** JSON array of strings. */
  topics: string;
  /** What the repository allows (0/1), null until a sync has learnt it (issue 37). */
  allow_merge_commit: ColumnType<number | null, number | null | undefined, number | null>;
  allow_squash_merge: ColumnType<number | null, number | null | undefined, number | null>;
  allow_rebase_merge: ColumnType<number | null, number | null | undefined, number | null>;
  allow_auto_merge: ColumnType<number | null, number | null | undefined, number | null>;
  synced_at: string;
}

export type GithubRepositoryRow = Selectable<GithubRepositoriesTable>;

/** Which user can see which repository: every read of a repository goes through this. */
export interface GithubRepositoryAccessTable {
  user_id: string;
  repository_id: GithubId;
  /** GitHub's `permissions.push` for this user (0/1), null until a sync has read it. */
  can_push: ColumnType<number | null, number | null | undefined, number | null>;
  synced_at: string;
}
