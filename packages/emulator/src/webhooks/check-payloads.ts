import type { Account, CheckRun, Repo } from '../data/model.js';
import { WORKFLOW_NAME, WORKFLOW_PATH, type CheckSuiteView } from '../data/check-suites.js';
import { nodeId } from '../data/ids.js';
import type { RepoHistory } from '../data/repo-history.js';
import { renderCheckRun } from '../github/render/checks.js';
import { renderCheckSuite } from '../github/render/check-suite.js';
import type { RenderContext } from '../github/render/render-context.js';
import { renderSimpleUser } from '../github/render/user.js';
import { renderWorkflowRun, workflowIdOf } from '../github/render/workflow-run.js';
import { ghTime } from '../github/urls.js';
import { webhookRepository } from './github-payloads.js';

// Payloads of the checks a re-run moves ([WH] octokit/webhooks; the OpenAPI description's
// `webhook-check-run-*`, `webhook-check-suite-completed`, `webhook-workflow-run-*`).

/** `check_run` `created` / `completed`: the run with its suite as `simple-check-suite`. */
export function checkRunPayload(
  ctx: RenderContext,
  repo: Repo,
  history: RepoHistory,
  suite: CheckSuiteView,
  run: CheckRun,
  action: 'created' | 'completed',
  sender: Account,
): Record<string, unknown> {
  const full = renderCheckSuite(ctx, repo, history, suite);
  const simpleSuite: Record<string, unknown> = {};
  for (const key of [
    'id',
    'node_id',
    'head_branch',
    'head_sha',
    'status',
    'conclusion',
    'url',
    'before',
    'after',
    'pull_requests',
    'app',
    'repository',
    'created_at',
    'updated_at',
  ])
    simpleSuite[key] = full[key];
  return {
    action,
    check_run: { ...renderCheckRun(ctx, repo, history, run), check_suite: simpleSuite },
    repository: webhookRepository(ctx, repo, false),
    sender: renderSimpleUser(ctx.urls, sender),
  };
}

/** `check_suite` `completed`, once every newest run of the suite finished. */
export function checkSuitePayload(
  ctx: RenderContext,
  repo: Repo,
  history: RepoHistory,
  suite: CheckSuiteView,
  sender: Account,
): Record<string, unknown> {
  const body = renderCheckSuite(ctx, repo, history, suite);
  delete body.repository;
  return {
    action: 'completed',
    check_suite: body,
    repository: webhookRepository(ctx, repo, false),
    sender: renderSimpleUser(ctx.urls, sender),
  };
}

/** The keys of a webhook workflow run's "Repository Lite" ([WH] `workflow_run`). */
const REPOSITORY_LITE_KEYS = [
  'archive_url',
  'assignees_url',
  'blobs_url',
  'branches_url',
  'collaborators_url',
  'comments_url',
  'commits_url',
  'compare_url',
  'contents_url',
  'contributors_url',
  'deployments_url',
  'description',
  'downloads_url',
  'events_url',
  'fork',
  'forks_url',
  'full_name',
  'git_commits_url',
  'git_refs_url',
  'git_tags_url',
  'hooks_url',
  'html_url',
  'id',
  'issue_comment_url',
  'issue_events_url',
  'issues_url',
  'keys_url',
  'labels_url',
  'languages_url',
  'merges_url',
  'milestones_url',
  'name',
  'node_id',
  'notifications_url',
  'owner',
  'private',
  'pulls_url',
  'releases_url',
  'stargazers_url',
  'statuses_url',
  'subscribers_url',
  'subscription_url',
  'tags_url',
  'teams_url',
  'trees_url',
  'url',
] as const;

/** Webhook user objects have no `user_view_type`. */
function withoutViewType(user: unknown): Record<string, unknown> {
  const copy = { ...(user as Record<string, unknown>) };
  delete copy.user_view_type;
  return copy;
}

function repositoryLite(full: unknown): Record<string, unknown> {
  const source = full as Record<string, unknown>;
  const lite: Record<string, unknown> = {};
  for (const key of REPOSITORY_LITE_KEYS)
    lite[key] = key === 'owner' ? withoutViewType(source.owner) : source[key];
  return lite;
}

/** `workflow_run` `requested` / `in_progress` / `completed`, with its `workflow`. */
export function workflowRunPayload(
  ctx: RenderContext,
  repo: Repo,
  history: RepoHistory,
  suite: CheckSuiteView,
  action: 'requested' | 'in_progress' | 'completed',
  sender: Account,
): Record<string, unknown> {
  const fullName = ctx.world.fullName(repo);
  const api = ctx.urls.repo(fullName);
  const workflowId = workflowIdOf(repo);
  const run = renderWorkflowRun(ctx, repo, history, suite);
  // [WH]'s `in_progress` workflow run has no `display_title` (the other two actions do).
  if (action === 'in_progress') delete run.display_title;
  return {
    action,
    workflow: {
      badge_url: `${ctx.urls.repoHtml(fullName)}/workflows/${WORKFLOW_NAME}/badge.svg`,
      created_at: ghTime(repo.createdAt),
      html_url: `${ctx.urls.repoHtml(fullName)}/blob/${repo.defaultBranch}/${WORKFLOW_PATH}`,
      id: workflowId,
      name: WORKFLOW_NAME,
      node_id: nodeId('Workflow', workflowId),
      path: WORKFLOW_PATH,
      state: 'active',
      updated_at: ghTime(repo.createdAt),
      url: `${api}/actions/workflows/${workflowId}`,
    },
    workflow_run: {
      ...run,
      actor: withoutViewType(run.actor),
      triggering_actor: withoutViewType(run.triggering_actor),
      repository: repositoryLite(run.repository),
      head_repository: repositoryLite(run.head_repository),
    },
    repository: webhookRepository(ctx, repo, false),
    sender: renderSimpleUser(ctx.urls, sender),
  };
}
