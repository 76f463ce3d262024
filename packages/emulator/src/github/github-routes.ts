import { Router } from '../http/router.js';
import type { GithubRoute } from './github-request.js';
import { listBranches } from './routes/branches.js';
import {
  getCheckSuite,
  getWorkflowRun,
  listWorkflowRunJobs,
  listWorkflowRuns,
  rerequestCheckSuite,
  rerunFailedJobs,
} from './routes/check-reruns.js';
import { getCombinedStatus, listCheckRuns } from './routes/checks.js';
import { listCollaborators, listRepoTeams } from './routes/collaborators.js';
import { compareCommitsRoute } from './routes/compare.js';
import { getCommit, listCommits } from './routes/commits.js';
import { listDeployments, listDeploymentStatuses } from './routes/deployments.js';
import {
  deleteThreadSubscription,
  getThread,
  getThreadSubscription,
  listNotifications,
  listRepoNotifications,
  markAllRead,
  markRepoRead,
  markThreadDone,
  markThreadRead,
  setThreadSubscription,
} from './routes/notifications.js';
import { getPull, listPulls, listReviews } from './routes/pulls.js';
import { createReview, requestReviewers } from './routes/pull-reviews.js';
import { mergePullRoute } from './routes/pull-merge.js';
import { getRateLimit } from './routes/rate-limit.js';
import { getRepo, listLanguages } from './routes/repos.js';
import { searchIssues } from './routes/search.js';
import { searchCommits } from './routes/search-commits.js';
import { listTeamMembers, listTeamRepos, listUserTeams } from './routes/teams.js';
import { getAuthenticatedUser, listEmails } from './routes/user.js';
import { listReposForUser } from './routes/user-repos.js';

const REPO_ROUTES: readonly [string, GithubRoute][] = [
  ['', getRepo],
  ['/languages', listLanguages],
  ['/commits', listCommits],
  ['/commits/:ref', getCommit],
  ['/commits/:ref/check-runs', listCheckRuns],
  ['/commits/:ref/status', getCombinedStatus],
  ['/compare/:basehead', compareCommitsRoute],
  ['/pulls', listPulls],
  ['/pulls/:number', getPull],
  ['/pulls/:number/reviews', listReviews],
  ['/branches', listBranches],
  ['/deployments', listDeployments],
  ['/deployments/:deploymentId/statuses', listDeploymentStatuses],
  ['/notifications', listRepoNotifications],
  ['/collaborators', listCollaborators],
  ['/teams', listRepoTeams],
  ['/actions/runs', listWorkflowRuns],
  ['/actions/runs/:runId', getWorkflowRun],
  ['/actions/runs/:runId/jobs', listWorkflowRunJobs],
  ['/check-suites/:suiteId', getCheckSuite],
];

/** Writes of issue 37 (reviews, review requests, re-runs), at both repository addresses. */
const REPO_POSTS: readonly [string, GithubRoute][] = [
  ['/pulls/:number/reviews', createReview],
  ['/pulls/:number/requested_reviewers', requestReviewers],
  ['/actions/runs/:runId/rerun-failed-jobs', rerunFailedJobs],
  ['/check-suites/:suiteId/rerequest', rerequestCheckSuite],
];

/** Every GitHub REST endpoint the emulator serves, below the API base path. */
export function githubRouter(): Router<GithubRoute> {
  const router = new Router<GithubRoute>()
    .add('GET', '/user', getAuthenticatedUser)
    .add('GET', '/user/emails', listEmails)
    .add('GET', '/user/repos', listReposForUser)
    .add('GET', '/user/teams', listUserTeams)
    .add('GET', '/orgs/:org/teams/:slug/members', listTeamMembers)
    .add('GET', '/orgs/:org/teams/:slug/repos', listTeamRepos)
    .add('GET', '/organizations/:orgId/team/:teamId/members', listTeamMembers)
    .add('GET', '/organizations/:orgId/team/:teamId/repos', listTeamRepos)
    .add('GET', '/search/issues', searchIssues)
    .add('GET', '/search/commits', searchCommits)
    .add('GET', '/rate_limit', getRateLimit)
    .add('GET', '/notifications', listNotifications)
    .add('PUT', '/notifications', markAllRead)
    .add('GET', '/notifications/threads/:threadId', getThread)
    .add('PATCH', '/notifications/threads/:threadId', markThreadRead)
    .add('DELETE', '/notifications/threads/:threadId', markThreadDone)
    .add('GET', '/notifications/threads/:threadId/subscription', getThreadSubscription)
    .add('PUT', '/notifications/threads/:threadId/subscription', setThreadSubscription)
    .add('DELETE', '/notifications/threads/:threadId/subscription', deleteThreadSubscription);
  // Link headers point at /repositories/{id}/…, so every repository route answers there too.
  for (const [suffix, route] of REPO_ROUTES) {
    router.add('GET', `/repos/:owner/:repo${suffix}`, route);
    router.add('GET', `/repositories/:id${suffix}`, route);
  }
  for (const [suffix, route] of REPO_POSTS) {
    router.add('POST', `/repos/:owner/:repo${suffix}`, route);
    router.add('POST', `/repositories/:id${suffix}`, route);
  }
  router.add('PUT', '/repos/:owner/:repo/pulls/:number/merge', mergePullRoute);
  router.add('PUT', '/repositories/:id/pulls/:number/merge', mergePullRoute);
  router.add('PUT', '/repos/:owner/:repo/notifications', markRepoRead);
  router.add('PUT', '/repositories/:id/notifications', markRepoRead);
  return router;
}
