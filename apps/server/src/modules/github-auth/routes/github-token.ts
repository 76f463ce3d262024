import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { githubTokenBodySchema, githubTokenResultSchema } from '@shipdeck/shared/github-auth';
import { errorMessages } from '@shipdeck/shared/messages';
import { oauthErrorMessages } from '@shipdeck/shared/sign-in-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { toUserDto } from '../../auth/to-user-dto.js';
import { checkGithubToken } from '../check-github-token.js';
import { completeGithubSignIn } from '../complete-github-sign-in.js';

/**
 * Connects GitHub with a personal access token: the way in without an OAuth app (and on GitHub
 * Enterprise Server), beside OAuth where both exist.
 */
export const githubTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/github',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary:
          'Connect GitHub with a personal access token (classic or fine-grained), checked against GET /user; works without an OAuth app',
        security: [{ bearerAuth: [] }],
        body: githubTokenBodySchema,
        response: { 200: successEnvelope(githubTokenResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { identity, scopes } = await checkGithubToken(
        app.config.github.apiUrl,
        request.body.token,
      );
      const outcome = await completeGithubSignIn(app, request, {
        identity,
        token: request.body.token,
        scopes,
        linkUserId: user.id,
      });
      if (!outcome.ok) {
        const message =
          outcome.reason === 'github_in_use'
            ? (oauthErrorMessages.github_in_use ?? errorMessages.connectGithubToken)
            : errorMessages.connectGithubToken;
        throw new AppError(409, 'CONFLICT', message);
      }
      return ok({ user: toUserDto(outcome.user), scopes });
    },
  );
};
