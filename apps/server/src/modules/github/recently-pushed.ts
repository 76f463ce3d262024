import type { Repository } from '@shipdeck/shared/github';

/** Repositories pushed to at or after `since`, most recent push first. */
export function recentlyPushed(repositories: Repository[], since: Date): Repository[] {
  const pushedAt = (repo: Repository) => (repo.pushed_at ? Date.parse(repo.pushed_at) : 0);
  return repositories
    .filter((repo) => repo.pushed_at !== null && pushedAt(repo) >= since.getTime())
    .sort((a, b) => pushedAt(b) - pushedAt(a));
}
