import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../emulator-options.js';
import { combinedState, latestStatuses } from '../github/render/checks.js';
import { TEST_NOW } from '../testing/test-emulator.js';
import { buildWorld } from './build-world.js';
import type { CheckRun, Pull, Repo } from './model.js';
import type { World } from './world.js';

/*
 * Shipdeck's "Ready to merge": open, not a draft, approved (some reviewer's standing verdict is
 * an approval, none is "changes requested", nobody is still asked to review) and every check on
 * the head commit passed. Worked out here from what the emulator serves for the pull request,
 * its reviews, its head's check runs (the latest per name) and its combined status.
 */
function reviewState(world: World, repo: Repo, pull: Pull): string {
  const verdicts = new Map<number, string>();
  const reviews = world
    .history(repo.id)
    .data.reviews.filter((r) => r.pullNumber === pull.number)
    .sort((a, b) => (a.submittedAt ?? '').localeCompare(b.submittedAt ?? ''));
  for (const review of reviews) {
    if (review.state === 'APPROVED' || review.state === 'CHANGES_REQUESTED')
      verdicts.set(review.userId, review.state);
    else if (review.state === 'DISMISSED') verdicts.delete(review.userId);
  }
  for (const id of pull.requestedReviewerIds) verdicts.delete(id);
  const standing = [...verdicts.values()];
  if (standing.includes('CHANGES_REQUESTED')) return 'changes_requested';
  if (standing.includes('APPROVED') && pull.requestedReviewerIds.length === 0) return 'approved';
  return 'review_required';
}

function checksState(world: World, repo: Repo, pull: Pull): string {
  const data = world.history(repo.id).data;
  const latest = new Map<string, CheckRun>();
  for (const run of data.checkRuns)
    if (run.headSha === pull.headSha && (latest.get(run.name)?.id ?? -1) < run.id)
      latest.set(run.name, run);
  const runs = [...latest.values()];
  const statuses = latestStatuses(data.statuses.filter((s) => s.sha === pull.headSha));
  const combined = statuses.length > 0 ? combinedState(statuses) : null;
  if (runs.length === 0 && combined === null) return 'none';
  const failed = new Set(['failure', 'timed_out', 'cancelled', 'action_required']);
  if (
    runs.some((run) => run.conclusion !== null && failed.has(run.conclusion)) ||
    combined === 'failure' ||
    combined === 'error'
  )
    return 'failing';
  return runs.some((run) => run.status !== 'completed') || combined === 'pending'
    ? 'pending'
    : 'passing';
}

describe("octocat's open pull requests in the demo world", () => {
  // The demo's own shape and default seed, at a fixed moment.
  const world = buildWorld(resolveOptions({ now: TEST_NOW }));
  const octocat = world.account('octocat');
  const states = world.reposOwnedBy(octocat?.id ?? -1).flatMap((repo) =>
    world
      .history(repo.id)
      .data.pulls.filter((p) => p.state === 'open' && !p.draft && p.userId === octocat?.id)
      .map((pull) => ({
        review: reviewState(world, repo, pull),
        checks: checksState(world, repo, pull),
      })),
  );
  const ready = states.filter((s) => s.review === 'approved' && s.checks === 'passing');

  it('has some ready to merge, but only a minority', () => {
    expect(ready.length).toBeGreaterThan(0);
    expect(ready.length).toBeLessThan(states.length / 2);
  });

  it('still has ones that need review, and ones with failing checks', () => {
    expect(states.some((s) => s.review === 'review_required')).toBe(true);
    expect(states.some((s) => s.checks === 'failing')).toBe(true);
  });
});
