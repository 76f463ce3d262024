import type { CheckRun, CommitStatus, Repo, RepoHistoryData } from './model.js';
import type { Rng } from './rng.js';

const CHECK_NAMES = ['build', 'test (ubuntu-latest, node 22)', 'lint'] as const;
const CIRCLECI_CONTEXT = 'ci/circleci: build';
const CIRCLECI_PASSED = 'Your tests passed on CircleCI!';

function circleciUrl(repo: Repo, sha: string): string {
  return `https://circleci.example.com/gh/${repo.id}/${sha.slice(0, 7)}`;
}

/**
 * GitHub Actions check runs and classic commit statuses for the commits people look at:
 * branch tips, pull request heads and recent merge commits. Open pull requests get the
 * interesting mixes (failing, still running) so the dashboard has something to show.
 */
export function generateChecks(
  rng: Rng,
  history: RepoHistoryData,
  repo: Repo,
  nextId: () => number,
  now: number,
): { checkRuns: CheckRun[]; statuses: CommitStatus[] } {
  const openHeads = new Set(history.pulls.filter((p) => p.state === 'open').map((p) => p.headSha));
  const shas = new Set<string>([
    ...history.branches.map((b) => b.sha),
    ...history.pulls.map((p) => p.headSha),
    ...history.pulls.flatMap((p) => (p.mergeCommitSha ? [p.mergeCommitSha] : [])).slice(-5),
  ]);
  const commitTimes = new Map(history.commits.map((c) => [c.sha, Date.parse(c.committedAt)]));
  const checkRuns: CheckRun[] = [];
  const statuses: CommitStatus[] = [];
  for (const sha of shas) {
    const committed = commitTimes.get(sha) ?? now;
    const suite = nextId();
    const names = rng.chance(0.8) ? CHECK_NAMES : CHECK_NAMES.slice(0, 2);
    for (const name of names) {
      const started = committed + rng.int(5_000, 120_000);
      const running = openHeads.has(sha) && rng.chance(0.15) && now - committed < 3 * 86_400_000;
      const failed = !running && rng.chance(openHeads.has(sha) ? 0.25 : 0.08);
      checkRuns.push({
        id: nextId(),
        headSha: sha,
        name,
        status: running ? 'in_progress' : 'completed',
        conclusion: running ? null : failed ? 'failure' : rng.chance(0.05) ? 'skipped' : 'success',
        startedAt: new Date(Math.min(started, now)).toISOString(),
        completedAt: running
          ? null
          : new Date(Math.min(started + rng.int(20_000, 600_000), now)).toISOString(),
        title: running ? null : failed ? `${name} failed` : `${name} passed`,
        summary: failed ? 'Process completed with exit code 1.' : null,
        app: 'github-actions',
        checkSuiteId: suite,
        detailsUrl: null,
      });
    }
    if (rng.chance(0.3)) {
      const state = rng.pick(['success', 'success', 'failure', 'pending'] as const);
      const at = new Date(Math.min(committed + rng.int(30_000, 400_000), now)).toISOString();
      statuses.push({
        id: nextId(),
        sha,
        state,
        context: CIRCLECI_CONTEXT,
        description:
          state === 'pending'
            ? 'Your tests are queued'
            : state === 'success'
              ? CIRCLECI_PASSED
              : null,
        targetUrl: state === 'failure' ? null : circleciUrl(repo, sha),
        creatorId: repo.ownerId,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  return { checkRuns, statuses };
}

/**
 * Turns every failing or unfinished check on `sha` green (a fix pushed, a flaky run retried, a
 * queued run done), so a pull request whose review is settled can also be ready to merge.
 */
export function passChecks(
  rng: Rng,
  history: RepoHistoryData,
  repo: Repo,
  sha: string,
  now: number,
): void {
  for (const run of history.checkRuns) {
    if (run.headSha !== sha) continue;
    if (run.status === 'completed' && (run.conclusion === 'success' || run.conclusion === 'skipped'))
      continue;
    const started = Date.parse(run.startedAt ?? new Date(now).toISOString());
    run.status = 'completed';
    run.conclusion = 'success';
    run.completedAt = new Date(Math.min(started + rng.int(20_000, 600_000), now)).toISOString();
    run.title = `${run.name} passed`;
    run.summary = null;
  }
  for (const status of history.statuses) {
    if (status.sha !== sha || status.context !== CIRCLECI_CONTEXT || status.state === 'success')
      continue;
    status.state = 'success';
    status.description = CIRCLECI_PASSED;
    status.targetUrl = circleciUrl(repo, sha);
    status.updatedAt = new Date(
      Math.min(Date.parse(status.createdAt) + rng.int(60_000, 900_000), now),
    ).toISOString();
  }
}
