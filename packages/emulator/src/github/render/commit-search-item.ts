import type { Commit, Repo } from '../../data/model.js';
import { renderCommit } from './commit.js';
import type { RenderContext } from './render-context.js';
import { renderRepository } from './repository.js';

/** Search shows git times with milliseconds and an offset, unlike the commits endpoints. */
function searchTime(iso: string): string {
  return `${iso.slice(0, 19)}.000+00:00`;
}

/**
 * `commit-search-result-item`: the list form of a commit without `verification`, with the
 * repository (minimal form) and a score. `committer`, like `author`, is the GitHub account (or
 * null), as GitHub sends it, although the OpenAPI description declares a git user there.
 */
export function renderCommitSearchItem(
  ctx: RenderContext,
  repo: Repo,
  commit: Commit,
): Record<string, unknown> {
  const listed = renderCommit(ctx, repo, commit);
  const git = listed.commit as Record<string, unknown>;
  const repository = renderRepository(ctx, repo);
  // minimal-repository allows no null license: GitHub omits it there.
  if (repository.license === null) delete repository.license;
  return {
    url: listed.url,
    sha: commit.sha,
    node_id: listed.node_id,
    html_url: listed.html_url,
    comments_url: listed.comments_url,
    commit: {
      url: git.url,
      author: {
        name: commit.authorName,
        email: commit.authorEmail,
        date: searchTime(commit.authoredAt),
      },
      committer: {
        name: commit.committerName,
        email: commit.committerEmail,
        date: searchTime(commit.committedAt),
      },
      message: commit.message,
      tree: git.tree,
      comment_count: 0,
    },
    author: listed.author,
    committer: listed.committer,
    parents: listed.parents,
    repository,
    score: 1,
  };
}
