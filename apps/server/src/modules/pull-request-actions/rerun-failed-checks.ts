import type { Octokit } from '@octokit/rest';
import type { RerunFailedChecksResult } from '@shipdeck/shared/pull-request-actions';

// Re-running a pull request's failed checks on GitHub (PROVIDERS.md §11.5): what failed on the
// head commit, and the one call that runs each kind again.

/** Conclusions of a check run that failed (the ones GitHub's "Re-run failed jobs" takes). */
const FAILED = new Set(['failure', 'timed_out', 'cancelled', 'action_required', 'startup_failure']);
/** The app that runs GitHub Actions workflows (id 15368). */
const ACTIONS_APP = 'github-actions';

interface Target {
  owner: string;
  repo: string;
  headSha: string;
}

interface FailedSuite {
  id: number;
  app: string;
  appName: string;
}

/** Failed check runs (newest of each name) on the head, by suite; failed classic statuses. */
export async function failedChecksOf(
  octokit: Octokit,
  target: Target,
): Promise<{ suites: FailedSuite[]; statuses: string[] }> {
  const { owner, repo, headSha } = target;
  const [runs, combined] = await Promise.all([
    octokit.paginate(octokit.rest.checks.listForRef, {
      owner,
      repo,
      ref: headSha,
      filter: 'latest',
      per_page: 100,
    }),
    octokit.rest.repos.getCombinedStatusForRef({ owner, repo, ref: headSha, per_page: 100 }),
  ]);
  const suites = new Map<number, FailedSuite>();
  for (const run of runs) {
    if (run.status !== 'completed' || !FAILED.has(run.conclusion ?? '')) continue;
    const id = run.check_suite?.id;
    if (id === undefined || suites.has(id)) continue;
    suites.set(id, {
      id,
      app: run.app?.slug ?? '',
      appName: run.app?.name ?? run.name,
    });
  }
  const statuses = combined.data.statuses
    .filter((status) => status.state === 'failure' || status.state === 'error')
    .map((status) => status.context);
  return { suites: [...suites.values()], statuses };
}

/**
 * Runs every failed suite again: an Actions suite through its workflow run's
 * `rerun-failed-jobs` (only the failed jobs, as GitHub's button does), another app's through
 * `check-suites/{id}/rerequest`. Each call stands alone: one GitHub refuses (a run already going
 * again) does not undo the others; the first refusal is thrown only when none started.
 */
export async function rerunSuites(
  octokit: Octokit,
  target: Target,
  suites: readonly FailedSuite[],
): Promise<RerunFailedChecksResult['rerun']> {
  const { owner, repo } = target;
  const started: RerunFailedChecksResult['rerun'] = [];
  let refusal: { error: unknown } | null = null;
  for (const suite of suites) {
    try {
      if (suite.app === ACTIONS_APP) {
        const { data } = await octokit.rest.actions.listWorkflowRunsForRepo({
          owner,
          repo,
          check_suite_id: suite.id,
          per_page: 1,
        });
        const run = data.workflow_runs[0];
        if (!run) continue;
        await octokit.rest.actions.reRunWorkflowFailedJobs({ owner, repo, run_id: run.id });
        started.push({ kind: 'actions-run', id: run.id, name: run.name ?? suite.appName });
      } else {
        await octokit.rest.checks.rerequestSuite({ owner, repo, check_suite_id: suite.id });
        started.push({ kind: 'check-suite', id: suite.id, name: suite.appName });
      }
    } catch (error) {
      refusal ??= { error };
    }
  }
  // GitHub's own error (a RequestError), for the runner to turn into the answer.
  if (started.length === 0 && refusal !== null) throw refusal.error;
  return started;
}
