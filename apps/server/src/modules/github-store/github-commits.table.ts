import type { Selectable } from 'kysely';
import type { GithubId } from './github-repositories.table.js';

/** Recent commits of a repository's default branch. */
export interface GithubCommitsTable {
  repository_id: GithubId;
  sha: string;
  message: string;
  author_name: string | null;
  author_login: string | null;
  author_avatar_url: string | null;
  /** The commit's author date (ISO), what activity counts by. */
  committed_at: string;
  committer_date: string | null;
  html_url: string;
  synced_at: string;
}

export type GithubCommitRow = Selectable<GithubCommitsTable>;
