import type { CheckRun, RepoHistoryData } from './model.js';

// Check suites and GitHub Actions workflow runs are not stored: they are read off the check runs
// that carry their suite id. Each suite of the `github-actions` app is one workflow run ("CI"),
// the way a workflow's jobs are one check suite on GitHub; a re-run adds new check runs to the
// same suite with the next `runAttempt`, and the newest run of each name is the suite's state.

/**
 * Workflow run ids are the suite's id moved into a range of their own, so a client that confused
 * the two (GitHub's differ) would ask for something that does not exist.
 */
const WORKFLOW_RUN_ID_OFFSET = 9_000_000_000;

export function workflowRunIdOf(checkSuiteId: number): number {
  return WORKFLOW_RUN_ID_OFFSET + checkSuiteId;
}

export function checkSuiteIdOfWorkflowRun(runId: number): number | null {
  return runId > WORKFLOW_RUN_ID_OFFSET ? runId - WORKFLOW_RUN_ID_OFFSET : null;
}

export const WORKFLOW_NAME = 'CI';
export const WORKFLOW_PATH = '.github/workflows/ci.yml';

export interface CheckSuiteView {
  id: number;
  app: CheckRun['app'];
  headSha: string;
  /** Every run of the suite, oldest first. */
  runs: CheckRun[];
  /** The newest run of each name: what the suite stands on now. */
  latest: CheckRun[];
  attempt: number;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: CheckRun['conclusion'];
  createdAt: string;
  updatedAt: string;
}

const FAILING = new Set(['failure', 'timed_out', 'cancelled', 'action_required']);

/** Whether a finished check run failed (what `rerun-failed-jobs` runs again). */
export function runFailed(run: CheckRun): boolean {
  return run.status === 'completed' && run.conclusion !== null && FAILING.has(run.conclusion);
}

function latestByName(runs: readonly CheckRun[]): CheckRun[] {
  const latest = new Map<string, CheckRun>();
  for (const run of runs) if ((latest.get(run.name)?.id ?? -1) < run.id) latest.set(run.name, run);
  return [...latest.values()].sort((a, b) => a.id - b.id);
}

function view(id: number, runs: CheckRun[]): CheckSuiteView {
  const latest = latestByName(runs);
  const first = runs[0];
  if (!first) throw new Error(`Check suite ${id} has no runs`);
  const open = latest.filter((run) => run.status !== 'completed');
  const status =
    open.length === 0
      ? 'completed'
      : open.every((run) => run.status === 'queued')
        ? 'queued'
        : 'in_progress';
  const conclusion =
    status !== 'completed'
      ? null
      : (latest.find((run) => runFailed(run))?.conclusion ??
        (latest.every((run) => run.conclusion === 'skipped') ? 'skipped' : 'success'));
  const times = runs.flatMap((run) => [run.startedAt, run.completedAt]).filter(Boolean);
  const createdAt = first.startedAt ?? times[0] ?? new Date(0).toISOString();
  return {
    id,
    app: first.app,
    headSha: first.headSha,
    runs,
    latest,
    attempt: Math.max(...runs.map((run) => run.runAttempt ?? 1)),
    status,
    conclusion,
    createdAt,
    updatedAt: times.reduce<string>((a, b) => ((b ?? '') > a ? (b ?? a) : a), createdAt),
  };
}

/** Every check suite of a repository, oldest first. */
export function checkSuites(history: RepoHistoryData): CheckSuiteView[] {
  const bySuite = new Map<number, CheckRun[]>();
  for (const run of history.checkRuns) {
    const runs = bySuite.get(run.checkSuiteId) ?? [];
    runs.push(run);
    bySuite.set(run.checkSuiteId, runs);
  }
  return [...bySuite]
    .map(([id, runs]) => view(id, runs))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

export function checkSuite(history: RepoHistoryData, id: number): CheckSuiteView | undefined {
  const runs = history.checkRuns.filter((run) => run.checkSuiteId === id);
  return runs.length === 0 ? undefined : view(id, runs);
}
