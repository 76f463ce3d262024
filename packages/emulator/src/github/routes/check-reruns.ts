import { rerunChecks } from '../../activity/rerun-checks.js';
import {
  checkSuite,
  checkSuiteIdOfWorkflowRun,
  checkSuites,
  runFailed,
  type CheckSuiteView,
} from '../../data/check-suites.js';
import { GithubError, notFound, validationFailed } from '../github-error.js';
import type { GithubRequest, GithubRoute } from '../github-request.js';
import { pageRequest, paginate } from '../pagination.js';
import { renderCheckSuite } from '../render/check-suite.js';
import { renderJob, renderWorkflowRun } from '../render/workflow-run.js';
import { linkUrl, requireCommits, resolveRepo, type RepoTarget } from '../repo-access.js';
import { requireWrite } from '../write-access.js';

// GitHub Actions workflow runs and their jobs, check suites, and asking either to run again
// (PROVIDERS.md §11.5). Classic commit statuses have no such endpoint: they cannot be re-run.

const RERUN_DOCS =
  'https://docs.github.com/rest/actions/workflow-runs#re-run-failed-jobs-from-a-workflow-run';
const REREQUEST_DOCS = 'https://docs.github.com/rest/checks/suites#rerequest-a-check-suite';

function workflowRunOf(target: RepoTarget, request: GithubRequest): CheckSuiteView {
  const runId = Number(request.params.runId);
  const suiteId = Number.isSafeInteger(runId) ? checkSuiteIdOfWorkflowRun(runId) : null;
  const suite = suiteId === null ? undefined : checkSuite(target.history.data, suiteId);
  if (!suite || suite.app !== 'github-actions') throw notFound();
  return suite;
}

/** GET …/actions/runs with `head_sha`, `check_suite_id`, `status`, `event` and `branch`; newest first. */
export const listWorkflowRuns: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'repo',
  handler(request) {
    const target = resolveRepo(request);
    requireCommits(target);
    const { query } = request;
    const headSha = query.get('head_sha');
    const suiteId = query.get('check_suite_id');
    const status = query.get('status');
    const rendered = checkSuites(target.history.data)
      .filter((suite) => suite.app === 'github-actions')
      .filter((suite) => headSha === null || suite.headSha === headSha)
      .filter((suite) => suiteId === null || String(suite.id) === suiteId)
      .filter((suite) => status === null || suite.status === status || suite.conclusion === status)
      .reverse()
      .map((suite) => renderWorkflowRun(request.render, target.repo, target.history, suite))
      .filter(
        (run) =>
          (query.get('event') === null || run.event === query.get('event')) &&
          (query.get('branch') === null || run.head_branch === query.get('branch')),
      );
    const page = paginate(rendered, pageRequest(query), linkUrl(target), query);
    return { body: { total_count: rendered.length, workflow_runs: page.items }, link: page.link };
  },
};

/** GET …/actions/runs/{id}: one workflow run. */
export const getWorkflowRun: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'repo',
  handler(request) {
    const target = resolveRepo(request);
    const suite = workflowRunOf(target, request);
    return { body: renderWorkflowRun(request.render, target.repo, target.history, suite) };
  },
};

/** GET …/actions/runs/{id}/jobs: `filter=latest` (default) the newest attempt's, `all` every one. */
export const listWorkflowRunJobs: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'repo',
  handler(request) {
    const target = resolveRepo(request);
    const suite = workflowRunOf(target, request);
    const filter = request.query.get('filter') ?? 'latest';
    if (filter !== 'latest' && filter !== 'all') throw validationFailed('Job', 'filter');
    const runs = filter === 'latest' ? suite.latest : suite.runs;
    const page = paginate(runs, pageRequest(request.query), linkUrl(target), request.query);
    return {
      body: {
        total_count: runs.length,
        jobs: page.items.map((run) =>
          renderJob(request.render, target.repo, target.history, suite, run),
        ),
      },
      link: page.link,
    };
  },
};

/**
 * POST …/actions/runs/{id}/rerun-failed-jobs: 201 `{}`, the failed jobs start again as the next
 * attempt. A run still going is 403 (cli/cli#9221); one with nothing failed is refused the same
 * way (the text is UNVERIFIED; `This workflow run cannot be retried` is seen in metabase#70916).
 */
export const rerunFailedJobs: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'repo',
  handler(request) {
    const target = resolveRepo(request);
    const viewer = requireWrite(request, target, {
      permission: 'actions',
      role: 'write',
      documentationUrl: RERUN_DOCS,
    });
    const suite = workflowRunOf(target, request);
    if (suite.status !== 'completed')
      throw new GithubError(403, 'This workflow is already running', {
        documentation_url: RERUN_DOCS,
      });
    const failed = suite.latest.filter(runFailed);
    if (failed.length === 0)
      throw new GithubError(403, 'This workflow run cannot be retried', {
        documentation_url: RERUN_DOCS,
      });
    rerunChecks(request.actions, target, suite, failed, viewer, () => request.world.touch());
    return { status: 201, body: {} };
  },
};

/** GET …/check-suites/{id}. */
export const getCheckSuite: GithubRoute = {
  resource: 'core',
  handler(request) {
    const target = resolveRepo(request);
    const suite = checkSuite(target.history.data, Number(request.params.suiteId));
    if (!suite) throw notFound();
    return { body: renderCheckSuite(request.render, target.repo, target.history, suite) };
  },
};

/**
 * POST …/check-suites/{id}/rerequest: 201 `{}`; every newest run of the suite starts again, the
 * suite back to `queued` with no conclusion. A suite still running is 422 (UNVERIFIED text).
 */
export const rerequestCheckSuite: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'repo',
  handler(request) {
    const target = resolveRepo(request);
    const viewer = requireWrite(request, target, {
      permission: 'checks',
      role: 'write',
      documentationUrl: REREQUEST_DOCS,
    });
    const suite = checkSuite(target.history.data, Number(request.params.suiteId));
    if (!suite) throw notFound();
    if (suite.status !== 'completed')
      throw new GithubError(422, 'This check suite is already running', {
        documentation_url: REREQUEST_DOCS,
      });
    rerunChecks(request.actions, target, suite, suite.latest, viewer, () => request.world.touch());
    return { status: 201, body: {} };
  },
};
