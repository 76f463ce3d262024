import type { Account, CheckRun, Repo } from '../../data/model.js';
import {
  WORKFLOW_NAME,
  WORKFLOW_PATH,
  workflowRunIdOf,
  type CheckSuiteView,
} from '../../data/check-suites.js';
import { nodeId } from '../../data/ids.js';
import type { RepoHistory } from '../../data/repo-history.js';
import { ghTime } from '../urls.js';
import {
  headBranchOf,
  renderMinimalRepository,
  renderPullsAt,
  renderSimpleCommit,
} from './check-suite.js';
import type { RenderContext } from './render-context.js';
import { renderSimpleUser } from './user.js';

/** The repository's one workflow (`ci.yml`): its id is derived from the repository's. */
export function workflowIdOf(repo: Repo): number {
  return 100_000 + repo.id;
}

/** Whoever pushed the head (its committer's account), else the repository's owner. */
function actorOf(ctx: RenderContext, repo: Repo, history: RepoHistory, sha: string): Account {
  const commit = history.commit(sha);
  const id = commit?.committerId ?? commit?.authorId ?? null;
  const account = id === null ? undefined : ctx.world.accounts.get(id);
  return account ?? ctx.world.ownerOf(repo);
}

/** `workflow-run` of an Actions check suite. */
export function renderWorkflowRun(
  ctx: RenderContext,
  repo: Repo,
  history: RepoHistory,
  suite: CheckSuiteView,
): Record<string, unknown> {
  const fullName = ctx.world.fullName(repo);
  const api = ctx.urls.repo(fullName);
  const id = workflowRunIdOf(suite.id);
  const runApi = `${api}/actions/runs/${id}`;
  const actor = renderSimpleUser(ctx.urls, actorOf(ctx, repo, history, suite.headSha));
  const commit = history.commit(suite.headSha);
  const pull = history.data.pulls.find((p) => p.state === 'open' && p.headSha === suite.headSha);
  return {
    id,
    name: WORKFLOW_NAME,
    node_id: nodeId('WorkflowRun', id),
    check_suite_id: suite.id,
    check_suite_node_id: nodeId('CheckSuite', suite.id),
    head_branch: headBranchOf(history, suite.headSha),
    head_sha: suite.headSha,
    path: WORKFLOW_PATH,
    run_number: suite.id % 10_000,
    run_attempt: suite.attempt,
    event: pull ? 'pull_request' : 'push',
    status: suite.status,
    conclusion: suite.conclusion,
    workflow_id: workflowIdOf(repo),
    url: runApi,
    html_url: `${ctx.urls.repoHtml(fullName)}/actions/runs/${id}`,
    pull_requests: renderPullsAt(ctx, repo, history, suite.headSha),
    created_at: ghTime(suite.createdAt),
    updated_at: ghTime(suite.updatedAt),
    actor,
    triggering_actor: actor,
    run_started_at: ghTime(suite.createdAt),
    jobs_url: `${runApi}/jobs`,
    logs_url: `${runApi}/logs`,
    check_suite_url: `${api}/check-suites/${suite.id}`,
    artifacts_url: `${runApi}/artifacts`,
    cancel_url: `${runApi}/cancel`,
    rerun_url: `${runApi}/rerun`,
    previous_attempt_url: suite.attempt > 1 ? `${runApi}/attempts/${suite.attempt - 1}` : null,
    workflow_url: `${api}/actions/workflows/${workflowIdOf(repo)}`,
    head_commit: renderSimpleCommit(history, suite.headSha),
    repository: renderMinimalRepository(ctx, repo),
    head_repository: renderMinimalRepository(ctx, repo),
    display_title: pull?.title ?? commit?.message.split('\n')[0] ?? WORKFLOW_NAME,
  };
}

/** `job`: an Actions job is the check run of the same id (PROVIDERS.md §11.5). */
export function renderJob(
  ctx: RenderContext,
  repo: Repo,
  history: RepoHistory,
  suite: CheckSuiteView,
  run: CheckRun,
): Record<string, unknown> {
  const fullName = ctx.world.fullName(repo);
  const api = ctx.urls.repo(fullName);
  const runId = workflowRunIdOf(suite.id);
  const started = run.startedAt ?? suite.createdAt;
  const ran = run.status !== 'queued';
  return {
    id: run.id,
    run_id: runId,
    run_url: `${api}/actions/runs/${runId}`,
    run_attempt: run.runAttempt ?? 1,
    node_id: nodeId('CheckRun', run.id),
    head_sha: run.headSha,
    url: `${api}/actions/jobs/${run.id}`,
    html_url: `${ctx.urls.repoHtml(fullName)}/actions/runs/${runId}/job/${run.id}`,
    status: run.status,
    conclusion: run.conclusion,
    created_at: ghTime(started),
    started_at: ghTime(started),
    completed_at: ghTime(run.completedAt),
    name: run.name,
    steps: ran
      ? [
          {
            name: 'Set up job',
            status: 'completed',
            conclusion: 'success',
            number: 1,
            started_at: ghTime(started),
            completed_at: ghTime(started),
          },
          {
            name: `Run ${run.name}`,
            status: run.status,
            conclusion: run.conclusion,
            number: 2,
            started_at: ghTime(started),
            completed_at: ghTime(run.completedAt),
          },
        ]
      : [],
    check_run_url: `${api}/check-runs/${run.id}`,
    labels: ['ubuntu-latest'],
    runner_id: ran ? 1_000 + (run.id % 1_000) : null,
    runner_name: ran ? `GitHub Actions ${run.id % 1_000}` : null,
    runner_group_id: ran ? 2 : null,
    runner_group_name: ran ? 'GitHub Actions' : null,
    workflow_name: WORKFLOW_NAME,
    head_branch: headBranchOf(history, run.headSha),
  };
}
