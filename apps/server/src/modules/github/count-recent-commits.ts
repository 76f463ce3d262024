import { RequestError } from '@octokit/request-error';
import type { Octokit } from '@octokit/rest';
import type { Repository } from '@shipdeck/shared/github';
import { lastPageFromLink } from './link-pagination.js';
import { recentlyPushed } from './recently-pushed.js';

/** Bounds the per-repository calls: the most recently pushed repositories carry the activity. */
export const COMMIT_COUNT_REPOS = 10;

/** GitHub's answers for a repository that has no commits to list: 404 gone, 409 empty. */
function meansNoCommits(error: unknown): boolean {
  return error instanceof RequestError && (error.status === 404 || error.status === 409);
}

/**
 * The user's commits in the window across their most recently pushed repositories. With
 * per_page=1 the Link header's last page number is the count, so each repository costs one call.
 * Null when any count could not be had: a partial sum would be a wrong figure shown as real.
 */
export async function countRecentCommits(
  octokit: Octokit,
  repositories: Repository[],
  login: string,
  since: Date,
): Promise<number | null> {
  const recent = recentlyPushed(repositories, since).slice(0, COMMIT_COUNT_REPOS);
  const counts = await Promise.all(
    recent.map(async (repo) => {
      try {
        const { data, headers } = await octokit.rest.repos.listCommits({
          owner: repo.owner.login,
          repo: repo.name,
          author: login,
          since: since.toISOString(),
          per_page: 1,
        });
        return lastPageFromLink(headers.link) ?? data.length;
      } catch (error) {
        if (meansNoCommits(error)) return 0;
        return null;
      }
    }),
  );
  if (counts.some((count) => count === null)) return null;
  return counts.reduce<number>((total, count) => total + (count ?? 0), 0);
}
