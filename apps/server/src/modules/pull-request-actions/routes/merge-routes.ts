import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { errorMessages } from '@shipdeck/shared/messages';
import {
  autoMergeBodySchema,
  mergeBodySchema,
  pullParamsSchema,
  pullRequestActionMessages as messages,
  pullRequestActionResultSchema,
  pullRequestActionsSchema,
} from '@shipdeck/shared/pull-request-actions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { findActionPullRequest } from '../action-pull-request.repository.js';
import { disableAutoMergeOnGithub, enableAutoMergeOnGithub } from '../auto-merge-on-github.js';
import { allowedMergeMethods, autoMergeAllowed } from '../merge-methods.js';
import { mergeOnGithub } from '../merge-on-github.js';
import { lastMergeMethod, rememberMergeMethod } from '../merge-preferences.repository.js';
import { pullRequestActionsAnswer } from '../pull-request-actions-answer.js';
import { markPullRequestMerged, saveAutoMerge } from '../pull-request-writes.repository.js';
import { announcePullRequestChange, storedShipPullRequest } from '../refresh-after-action.js';
import { runPullRequestAction } from '../run-pull-request-action.js';

const PULL = '/repos/:owner/:repo/pulls/:number';

/**
 * What a person can do on a pull request (`GET …/actions`, from the store), merging it and merge
 * when ready (issue 37). The writes go through the common runner: the person's own token, the
 * per-pull-request lock, the contract's refusals and an audit entry for every outcome.
 */
export const mergeRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const result = { 200: successEnvelope(pullRequestActionResultSchema) };

  app.get(
    `${PULL}/actions`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary: 'What this person can do on a pull request, from the synced store',
        security,
        params: pullParamsSchema,
        response: { 200: successEnvelope(pullRequestActionsSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { owner, repo, number } = request.params;
      const pull = await findActionPullRequest(app.db, user.id, `${owner}/${repo}`, number);
      if (!pull) throw new AppError(404, 'NOT_FOUND', errorMessages.pullRequestNotFound);
      const last = await lastMergeMethod(app.db, user.id, pull.repository_id);
      return ok(pullRequestActionsAnswer(user, pull, last));
    },
  );

  app.post(
    `${PULL}/merge`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary: 'Merges a pull request whose head is still the one the page showed',
        security,
        params: pullParamsSchema,
        body: mergeBodySchema,
        response: result,
      },
    },
    async (request) =>
      runPullRequestAction(
        app,
        request,
        { action: 'merge', params: request.params, details: { method: request.body.method } },
        async (context) => {
          const { user, pull } = context;
          if (!allowedMergeMethods(pull).includes(request.body.method))
            throw new AppError(409, 'CONFLICT', messages.methodNotAllowed);
          const merged = await mergeOnGithub(context, request.body);
          if (merged.sha) context.audit.sha = merged.sha;
          await rememberMergeMethod(app.db, user.id, pull.repository_id, request.body.method);
          await markPullRequestMerged(app.db, pull, merged.mergedAt);
          await announcePullRequestChange(app, pull);
          return ok({
            action: 'merge' as const,
            pullRequest: await storedShipPullRequest(app, user.id, Number(pull.id)),
            sha: merged.sha,
          });
        },
      ),
  );

  app.post(
    `${PULL}/auto-merge`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary: 'Turns merge when ready on: GitHub merges once reviews and checks allow',
        security,
        params: pullParamsSchema,
        body: autoMergeBodySchema,
        response: result,
      },
    },
    async (request) =>
      runPullRequestAction(
        app,
        request,
        {
          action: 'autoMerge',
          params: request.params,
          details: { enabled: true, method: request.body.method },
        },
        async (context) => {
          const { user, pull } = context;
          if (!autoMergeAllowed(pull))
            throw new AppError(409, 'CONFLICT', messages.autoMergeNotAllowed);
          if (!allowedMergeMethods(pull).includes(request.body.method))
            throw new AppError(409, 'CONFLICT', messages.methodNotAllowed);
          const state = await enableAutoMergeOnGithub(context, request.body.method);
          await saveAutoMerge(app.db, pull, state);
          await announcePullRequestChange(app, pull);
          return ok({
            action: 'autoMerge' as const,
            pullRequest: await storedShipPullRequest(app, user.id, Number(pull.id)),
            sha: null,
          });
        },
      ),
  );

  app.delete(
    `${PULL}/auto-merge`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary: 'Turns merge when ready off',
        security,
        params: pullParamsSchema,
        response: result,
      },
    },
    async (request) =>
      runPullRequestAction(
        app,
        request,
        { action: 'autoMerge', params: request.params, details: { enabled: false } },
        async (context) => {
          const { user, pull } = context;
          const state = await disableAutoMergeOnGithub(context);
          await saveAutoMerge(app.db, pull, state);
          await announcePullRequestChange(app, pull);
          return ok({
            action: 'autoMerge' as const,
            pullRequest: await storedShipPullRequest(app, user.id, Number(pull.id)),
            sha: null,
          });
        },
      ),
  );
};
