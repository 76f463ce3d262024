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
