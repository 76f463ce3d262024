import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { errorMessages } from '@shipdeck/shared/messages';
import {
  pullParamsSchema,
  pullRequestActionMessages as messages,
  pullRequestActionResultSchema,
  requestReviewersBodySchema,
  rerunFailedChecksResultSchema,
  reviewBodySchema,
  reviewerCandidatesQuerySchema,
  reviewerCandidatesResultSchema,
  type PullRequestAction,
} from '@shipdeck/shared/pull-request-actions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { UserRow } from '../../auth/users.table.js';
import { githubClientFor } from '../../github-client/github-client.js';
import {
  clearReviewRequests,
  saveInvolvement,
} from '../../github-store/github-store.repository.js';
import { findActionPullRequest } from '../action-pull-request.repository.js';
import { markChecksRerun } from '../checks-rerun.repository.js';
import { pullRequestActionRefusal } from '../github-action-refusal.js';
import {
  announcePullRequestChange,
  refreshPullAfterAction,
  storedShipPullRequest,
} from '../refresh-after-action.js';
import { failedChecksOf, rerunSuites } from '../rerun-failed-checks.js';
import { reviewerCandidates } from '../reviewer-candidates.js';
import { runPullRequestAction } from '../run-pull-request-action.js';

const PULL = '/repos/:owner/:repo/pulls/:number';

function isAuthor(user: UserRow, authorLogin: string | null): boolean {
  return (
    user.github_login !== null &&
    authorLogin !== null &&
    user.github_login.toLowerCase() === authorLogin.toLowerCase()
  );
}

/**
 * Reviews, review requests and re-runs of failed checks (issue 37), each through the person's
 * own GitHub token by the common runner (visibility, archived and read-only refusals, the
 * per-pull-request lock, GitHub's refusals as the contract's messages, the audit entry).
 */
export const reviewAndRerunRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.post(
    `${PULL}/reviews`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary: 'Approves a pull request, or requests changes with a comment',
        security,
        params: pullParamsSchema,
        body: reviewBodySchema,
        response: { 200: successEnvelope(pullRequestActionResultSchema) },
      },
    },
    async (request) => {
      const { event, body } = request.body;
      const action: PullRequestAction = event === 'APPROVE' ? 'approve' : 'requestChanges';
      const result = await runPullRequestAction(
        app,
        request,
        { action, params: request.params, details: { event } },
        async ({ user, pull, owner, repo, octokit, audit }) => {
          // GitHub refuses it with a 422; the person is told why without asking.
          if (isAuthor(user, pull.author_login))
            throw new AppError(403, 'FORBIDDEN', messages.ownPullRequest);
          const { data } = await octokit.rest.pulls.createReview({
            owner,
            repo,
            pull_number: pull.number,
            event,
            ...(body ? { body } : {}),
          });
          audit.reviewId = data.id;
          // GitHub no longer asks this person: "Needs my review" drops it at once.
          await clearReviewRequests(app.db, user.id, [Number(pull.id)]);
          await refreshPullAfterAction(app, octokit, pull);
          await announcePullRequestChange(app, pull);
          return {
            action,
            pullRequest: await storedShipPullRequest(app, user.id, Number(pull.id)),
            sha: null,
          };
        },
      );
      return ok(result);
    },
  );

  app.post(
    `${PULL}/requested-reviewers`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary: 'Asks people and teams of the repository to review a pull request',
        security,
        params: pullParamsSchema,
        body: requestReviewersBodySchema,
        response: { 200: successEnvelope(pullRequestActionResultSchema) },
      },
    },
    async (request) => {
      const { reviewers, teamReviewers } = request.body;
      const result = await runPullRequestAction(
        app,
        request,
        {
          action: 'requestReviewers',
          params: request.params,
          details: { reviewers: reviewers.join(','), teams: teamReviewers.join(',') },
        },
        async ({ user, pull, owner, repo, octokit }) => {
          await octokit.rest.pulls.requestReviewers({
            owner,
            repo,
            pull_number: pull.number,
            reviewers,
            team_reviewers: teamReviewers,
          });
          await refreshPullAfterAction(app, octokit, pull);
          // The people asked who use Shipdeck and see the repository: "Needs my review" at once.
          // Members of the teams asked follow with their next sync.
          const asked = reviewers.map((login) => login.toLowerCase());
          const people =
            asked.length === 0
              ? []
              : await app.db
                  .selectFrom('users')
                  .innerJoin('github_repository_access', (join) =>
                    join
                      .onRef('github_repository_access.user_id', '=', 'users.id')
                      .on('github_repository_access.repository_id', '=', pull.repository_id),
                  )
                  .select('users.id')
                  .where((eb) => eb(eb.fn('lower', ['users.github_login']), 'in', asked))
                  .execute();
          const confirmedAt = new Date().toISOString();
          await saveInvolvement(
            app.db,
            people.map((person) => ({
              user_id: person.id,
              pull_request_id: Number(pull.id),
              is_author: 0,
              is_assignee: 0,
              is_review_requested: 1,
              confirmed_at: confirmedAt,
            })),
            ['is_review_requested'],
          );
          await announcePullRequestChange(app, pull);
          return {
            action: 'requestReviewers' as const,
            pullRequest: await storedShipPullRequest(app, user.id, Number(pull.id)),
            sha: null,
          };
        },
      );
      return ok(result);
    },
  );

  app.get(
    `${PULL}/reviewer-candidates`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary:
          'People and teams who can be asked to review, searched as you type (people on Shipdeck first)',
        security,
        params: pullParamsSchema,
        querystring: reviewerCandidatesQuerySchema,
        response: { 200: successEnvelope(reviewerCandidatesResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { owner, repo, number } = request.params;
      // Only a pull request this person's own sync stored, and only where they could ask.
      const pull = await findActionPullRequest(app.db, user.id, `${owner}/${repo}`, number);
      if (!pull) throw new AppError(404, 'NOT_FOUND', errorMessages.pullRequestNotFound);
      if (pull.archived === 1) throw new AppError(403, 'FORBIDDEN', messages.archived);
      if (pull.can_push === 0) throw new AppError(403, 'FORBIDDEN', messages.readOnly);
      try {
        const octokit = await githubClientFor(app, user);
        return ok(await reviewerCandidates(app.db, octokit, pull, request.query.q));
      } catch (error) {
        throw pullRequestActionRefusal(error, 'requestReviewers');
      }
    },
  );

  app.post(
    `${PULL}/rerun-failed-checks`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary:
          "Runs a pull request's failed checks again: GitHub Actions' failed jobs, other apps' check suites",
        security,
        params: pullParamsSchema,
        response: { 200: successEnvelope(rerunFailedChecksResultSchema) },
      },
    },
    async (request) => {
      const result = await runPullRequestAction(
        app,
        request,
        { action: 'rerunFailedChecks', params: request.params },
        async ({ pull, owner, repo, octokit, audit, user }) => {
          if (!pull.head_sha) throw new AppError(409, 'CONFLICT', messages.noFailedChecks);
          const target = { owner, repo, headSha: pull.head_sha };
          const failed = await failedChecksOf(octokit, target);
          if (failed.suites.length === 0 && failed.statuses.length === 0)
            throw new AppError(409, 'CONFLICT', messages.noFailedChecks);
          const rerun = await rerunSuites(octokit, target, failed.suites);
          audit.rerun = rerun.map((item) => `${item.kind}:${item.id}`).join(',');
          audit.notRerunnable = failed.statuses.join(',');
          if (rerun.length > 0) {
            // "Re-running" on the ship-status line until new results arrive (webhook or sync).
            await markChecksRerun(app.db, pull, new Date().toISOString(), user.id);
            await announcePullRequestChange(app, pull);
          }
          // Only classic statuses failed: nothing started, and the answer lists why.
          return { rerun, notRerunnable: failed.statuses.map((context) => ({ context })) };
        },
      );
      return ok(result);
    },
  );
};
