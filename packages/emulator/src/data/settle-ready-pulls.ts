import { passChecks } from './generate-checks.js';
import { approvals } from './generate-reviews.js';
import type { Account, Repo, RepoHistoryData } from './model.js';
import { createRng } from './rng.js';

/**
 * Share of open, non-draft pull requests that are done: approved, nobody left to ask, every check
 * green, waiting only for someone to merge. Reviewers, verdicts and check outcomes are drawn
 * independently of each other, which on their own almost never line up that way.
 */
const READY_SHARE = 0.3;

/**
 * Settles a share of the open pull requests as ready to merge, after the rest of the history is
 * drawn. Each pull request decides from a stream of its own, so the shared history stream (and
 * everything drawn from it) stays exactly as it was.
 */
export function settleReadyPulls(
  ctx: { seed: number | string; now: number; repo: Repo },
  history: RepoHistoryData,
  members: readonly Account[],
  nextId: () => number,
): void {
  for (const pull of history.pulls) {
    if (pull.state !== 'open' || pull.draft) continue;
    const reviewers = members.filter((m) => m.id !== pull.userId);
    if (reviewers.length === 0) continue;
    const rng = createRng(ctx.seed, 'ready', ctx.repo.id, pull.number);
    if (!rng.chance(READY_SHARE)) continue;
    // Everyone asked has answered; GitHub removes a reviewer from the list once they review.
    pull.requestedReviewerIds = [];
    pull.mergeableState = 'clean';
    history.reviews.push(...approvals(rng, pull, history.reviews, reviewers, ctx.now, nextId));
    passChecks(rng, history, ctx.repo, pull.headSha, ctx.now);
  }
}
