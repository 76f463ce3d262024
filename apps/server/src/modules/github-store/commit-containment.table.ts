/**
 * GitHub's compare status of `sha...production_sha` per user and repository. Commits are
 * immutable, so a pair's answer never changes and is never asked for again. Per user (not
 * shared) so a cached answer never reaches someone GitHub would refuse.
 */
export interface GithubCommitContainmentTable {
  user_id: string;
  /** `owner/name`, lower-cased. */
  repository: string;
  sha: string;
  production_sha: string;
  /** `ahead`, `identical`, `behind` or `diverged`. */
  status: string;
  checked_at: string;
}
