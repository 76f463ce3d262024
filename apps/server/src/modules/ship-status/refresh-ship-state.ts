import type { Octokit } from '@octokit/rest';
import type { Db } from '../../db/database.js';
import { fetchPullRequestShipState, type PullRequestShipState } from './fetch-ship-state.js';
import type { PullToRead } from '../github-store/read-pull-head.js';
import { saveShipState } from './ship-state.repository.js';

/** Reads one stored pull request's review and checks at this head from GitHub and stores them. */
export async function refreshShipState(
  db: Db,
  octokit: Octokit,
  pull: PullToRead & { id: number | string },
  head: { sha: string; requestedReviewers: string[] },
): Promise<PullRequestShipState> {
  const state = await fetchPullRequestShipState(octokit, {
    owner: pull.owner_login,
    repo: pull.name,
    number: pull.number,
    headSha: head.sha,
    requestedReviewers: head.requestedReviewers,
  });
  await saveShipState(db, Number(pull.id), state);
  return state;
}
