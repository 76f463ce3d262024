import { RequestError } from '@octokit/request-error';
import type { Octokit } from '@octokit/rest';
import type { ChecksState, ReviewState } from '@shipdeck/shared/insights';
import { deriveChecksState, deriveReviewState } from './ship-status.js';

export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
  headSha: string;
  /** Logins still asked to review (the pull request's `requested_reviewers`). */
  requestedReviewers: readonly string[];
}

export interface PullRequestShipState {
  review: ReviewState;
  checks: ChecksState;
}

const PER_PAGE = 100;

/**
 * Review and check state of one pull request, for the sync job to store in
 * `review_state`/`checks_state`. Pass the user's conditional Octokit (`githubClientFor`): an
 * unchanged pull request then costs three 304s and no rate limit.
 */
export async function fetchPullRequestShipState(
  octokit: Octokit,
  pull: PullRequestRef,
): Promise<PullRequestShipState> {
  const { owner, repo } = pull;
  const [reviews, checkRuns, combined] = await Promise.all([
    octokit.paginate(octokit.rest.pulls.listReviews, {
      owner,
      repo,
      pull_number: pull.number,
      per_page: PER_PAGE,
    }),
    orNullForUnknownRef(
      octokit.paginate(octokit.rest.checks.listForRef, {
        owner,
        repo,
        ref: pull.headSha,
        per_page: PER_PAGE,
      }),
    ),
    orNullForUnknownRef(
      octokit.rest.repos
        .getCombinedStatusForRef({ owner, repo, ref: pull.headSha, per_page: PER_PAGE })
        .then(({ data }) => data),
    ),
  ]);
  return {
    review: deriveReviewState(reviews, pull.requestedReviewers),
    checks: deriveChecksState(checkRuns ?? [], combined),
  };
}

/** A head SHA GitHub no longer knows (force-pushed away) has no checks rather than an error. */
async function orNullForUnknownRef<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof RequestError && (error.status === 404 || error.status === 422))
      return null;
    throw error;
  }
}
