import type { Octokit } from '@octokit/rest';
import type { Db } from '../../db/database.js';
import { savePullRequests } from './github-store.repository.js';
import { parsePulls, pullRow } from './github-wire.js';

export interface PullToRead {
  repository_id: number | string;
  owner_login: string;
  name: string;
  number: number;
}

/**
 * Head SHA and requested reviewers of one pull request, read on its own (one conditional GET, a
 * free 304 once nothing moved) when no pull list of this run told them: the search found it, or
 * a webhook says it moved. The answer is stored, so the preview and stage join on its head too.
 */
export async function readPullHead(
  db: Db,
  octokit: Octokit,
  pull: PullToRead,
  syncedAt: string,
): Promise<{ sha: string; requestedReviewers: string[] }> {
  const { data } = await octokit.rest.pulls.get({
    owner: pull.owner_login,
    repo: pull.name,
    pull_number: pull.number,
  });
  const [item] = parsePulls([data]);
  if (!item) throw new Error('GitHub answered no pull request');
  await savePullRequests(db, [pullRow(item, Number(pull.repository_id), syncedAt)], 'list');
  return {
    sha: item.head.sha,
    requestedReviewers: (item.requested_reviewers ?? []).map((reviewer) => reviewer.login),
  };
}
