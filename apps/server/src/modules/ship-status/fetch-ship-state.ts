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

/** A review that approved or asked for changes, as GitHub lists it. */
export interface DecidingReview {
  id: number;
  state: 'APPROVED' | 'CHANGES_REQUESTED';
  reviewerLogin: string | null;
  submittedAt: string | null;
}

export interface PullRequestShipState {
  review: ReviewState;
  checks: ChecksState;
  /**
   * The newest approval or request for changes, so a sync can notify it with the same dedupe key
   * (which carries the review id) as the `pull_request_review` webhook.
   */
  latestReview: DecidingReview | null;
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
    latestReview: latestDecidingReview(reviews),
  };
}

/**
 * The newest review that approved or requested changes. A dismissed review's state reads
 * DISMISSED on GitHub, so a withdrawn verdict is never the answer.
 */
export function latestDecidingReview(
  reviews: readonly {
    id: number;
    state: string;
    user: { login: string } | null;
    submitted_at?: string | null;
  }[],
): DecidingReview | null {
  let latest: DecidingReview | null = null;
  for (const review of reviews) {
    const state = review.state;
    if (state !== 'APPROVED' && state !== 'CHANGES_REQUESTED') continue;
    const submittedAt = review.submitted_at ?? null;
    // Same order as deriveReviewState: by submission time, later in the list winning ties.
    if (latest && (submittedAt ?? '') < (latest.submittedAt ?? '')) continue;
    latest = { id: review.id, state, reviewerLogin: review.user?.login ?? null, submittedAt };
  }
  return latest;
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
