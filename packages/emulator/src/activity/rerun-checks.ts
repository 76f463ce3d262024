import { setTimeout as sleep } from 'node:timers/promises';
import { checkSuite, type CheckSuiteView } from '../data/check-suites.js';
import type { Account, CheckRun, Repo } from '../data/model.js';
import type { RepoHistory } from '../data/repo-history.js';
import type { GithubWriteDeps } from '../github/github-write-deps.js';
import {
  checkRunPayload,
  checkSuitePayload,
  workflowRunPayload,
} from '../webhooks/check-payloads.js';
import type { ActivityContext } from './activity-context.js';

async function pause(ctx: ActivityContext, ms: number): Promise<boolean> {
  if (ctx.signal?.aborted) return false;
  try {
    await sleep(ms, undefined, ctx.signal ? { signal: ctx.signal } : {});
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `runs` of `suite` again, as `rerun-failed-jobs` and `check-suites/{id}/rerequest` do: new
 * check runs of the same names join the suite queued (the next attempt), so the newest run of
 * each name, which lists and the suite report, is the new one. After answering, each step waits
 * `stepMs`: in_progress, then completed with the configured conclusion, sending `check_run`
 * (`created`, `completed`), `check_suite` `completed` and, for Actions, `workflow_run`
 * (`requested`, `in_progress`, `completed`) as GitHub does.
 */
export function rerunChecks(
  deps: GithubWriteDeps,
  target: { repo: Repo; history: RepoHistory },
  suite: CheckSuiteView,
  runs: readonly CheckRun[],
  sender: Account,
  touch: () => void,
): CheckRun[] {
  const { repo, history } = target;
  const { conclusion, stepMs } = deps.checkReruns();
  const attempt = suite.attempt + 1;
  const now = new Date().toISOString();
  const created = runs.map((run): CheckRun => {
    const fresh: CheckRun = {
      id: history.nextId(),
      headSha: run.headSha,
      name: run.name,
      status: 'queued',
      conclusion: null,
      startedAt: now,
      completedAt: null,
      title: null,
      summary: null,
      app: run.app,
      checkSuiteId: suite.id,
      detailsUrl: null,
      runAttempt: attempt,
    };
    history.data.checkRuns.push(fresh);
    return fresh;
  });
  touch();
  const actions = suite.app === 'github-actions';
  deps.background(async (ctx) => {
    const render = ctx.render();
    const current = (): CheckSuiteView => checkSuite(history.data, suite.id) ?? suite;
    const send = async (event: string, payload: unknown): Promise<void> => {
      ctx.deliveries.push(...(await ctx.webhooks.sendGithub(event, payload, repo.id)));
    };
    if (actions)
      await send(
        'workflow_run',
        workflowRunPayload(render, repo, history, current(), 'requested', sender),
      );
    for (const run of created)
      await send(
        'check_run',
        checkRunPayload(render, repo, history, current(), run, 'created', sender),
      );
    if (!(await pause(ctx, stepMs))) return;
    for (const run of created) run.status = 'in_progress';
    touch();
    if (actions)
      await send(
        'workflow_run',
        workflowRunPayload(render, repo, history, current(), 'in_progress', sender),
      );
    if (!(await pause(ctx, stepMs))) return;
    const finished = new Date().toISOString();
    for (const run of created) {
      run.status = 'completed';
      run.conclusion = conclusion;
      run.completedAt = finished;
      run.title = conclusion === 'success' ? `${run.name} passed` : `${run.name} failed`;
      run.summary = conclusion === 'success' ? null : 'Process completed with exit code 1.';
    }
    touch();
    for (const run of created)
      await send(
        'check_run',
        checkRunPayload(render, repo, history, current(), run, 'completed', sender),
      );
    await send('check_suite', checkSuitePayload(render, repo, history, current(), sender));
    if (actions)
      await send(
        'workflow_run',
        workflowRunPayload(render, repo, history, current(), 'completed', sender),
      );
  });
  return created;
}
