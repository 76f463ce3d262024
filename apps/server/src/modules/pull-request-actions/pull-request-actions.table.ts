import type { Selectable } from 'kysely';
import type { GithubId } from '../github-store/github-repositories.table.js';

/** Each person's last merge method per repository, offered first next time. */
export interface GithubMergePreferencesTable {
  user_id: string;
  repository_id: GithubId;
  /** merge, squash or rebase. */
  method: string;
  updated_at: string;
}

/**
 * One action at a time per pull request, across instances: the primary key is the lock, taken by
 * inserting and released by deleting. A holder that died frees it once `expires_at` has passed.
 */
export interface PullRequestActionLocksTable {
  /** `repositoryId#number`. */
  lock_key: string;
  /** A random id of the request holding it: only it releases the lock. */
  holder: string;
  action: string;
  acquired_at: string;
  expires_at: string;
}

export type PullRequestActionLockRow = Selectable<PullRequestActionLocksTable>;
