import type { Account, Pull, Review } from './model.js';
import type { Rng } from './rng.js';
import { HOSTILE_TITLES, words } from './ugly-text.js';

/** Reviews by people other than the author, submitted while the pull request was open. */
export function generateReviews(
  rng: Rng,
  pulls: readonly Pull[],
  members: readonly Account[],
  now: number,
  nextId: () => number,
): Review[] {
  const reviews: Review[] = [];
  for (const pull of pulls) {
    const reviewers = rng.sample(
      members.filter((m) => m.id !== pull.userId),
      rng.int(0, 3),
    );
    const opened = Date.parse(pull.createdAt);
    const closed = pull.closedAt ? Date.parse(pull.closedAt) : now;
    const times = reviewers
      .map(() => opened + Math.floor(rng.next() * Math.max(1, closed - opened)))
      .sort((a, b) => a - b);
    reviewers.forEach((reviewer, index) => {
      const state =
        pull.mergedAt !== null && index === reviewers.length - 1
          ? 'APPROVED'
          : rng.pick([
              'APPROVED',
              'CHANGES_REQUESTED',
              'COMMENTED',
              'COMMENTED',
              'DISMISSED',
            ] as const);
      reviews.push({
        id: nextId(),
        pullNumber: pull.number,
        userId: reviewer.id,
        body:
          state === 'APPROVED' && rng.chance(0.6)
            ? ''
            : rng.chance(0.1)
              ? rng.pick(HOSTILE_TITLES)
              : words(rng, rng.int(3, 25)),
        state,
        submittedAt: new Date(times[index] ?? opened).toISOString(),
        commitId: pull.headSha,
      });
    });
  }
  return reviews;
}

/**
 * The reviews that settle a pull request as approved: whoever still stands on "changes
 * requested" comes back and approves, and if nobody has approved yet one of `reviewers` does.
 * Each comes after the pull request's last review and its head commit (an open pull request's
 * `updatedAt` is when that was pushed), never after `now`.
 */
export function approvals(
  rng: Rng,
  pull: Pull,
  reviews: readonly Review[],
  reviewers: readonly Account[],
  now: number,
  nextId: () => number,
): Review[] {
  const own = reviews.filter((r) => r.pullNumber === pull.number);
  // Oldest first, so each reviewer's last verdict is the one left standing.
  const verdicts = new Map<number, Review['state']>();
  for (const review of own) {
    if (review.state === 'APPROVED' || review.state === 'CHANGES_REQUESTED')
      verdicts.set(review.userId, review.state);
    else if (review.state === 'DISMISSED') verdicts.delete(review.userId);
  }
  const approverIds = [...verdicts].flatMap(([id, state]) =>
    state === 'CHANGES_REQUESTED' ? [id] : [],
  );
  if (approverIds.length === 0 && ![...verdicts.values()].includes('APPROVED')) {
    approverIds.push(rng.pick(reviewers).id);
  }
  let at = Math.max(
    Date.parse(pull.updatedAt),
    ...own.map((r) => (r.submittedAt ? Date.parse(r.submittedAt) : 0)),
  );
  return approverIds.map((userId) => {
    at = Math.min(at + rng.int(10 * 60_000, 2 * 86_400_000), now);
    return {
      id: nextId(),
      pullNumber: pull.number,
      userId,
      body: rng.chance(0.6) ? '' : words(rng, rng.int(2, 12)),
      state: 'APPROVED',
      submittedAt: new Date(at).toISOString(),
      commitId: pull.headSha,
    };
  });
}
