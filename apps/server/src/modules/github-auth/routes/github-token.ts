import { RequestError } from '@octokit/request-error';
import { Octokit } from '@octokit/rest';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { githubTokenBodySchema, githubTokenResultSchema } from '@shipdeck/shared/github-auth';
import { errorMessages, oauthErrorMessages } from '@shipdeck/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../../plugins/authenticate.js';
import { toUserDto } from '../../auth/to-user-dto.js';
import { completeGithubSignIn } from '../complete-github-sign-in.js';

const VALIDATE_TIMEOUT_MS = 8_000;

/** For self-hosters without an OAuth app: connect GitHub with a personal access token. */
export const githubTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/github',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary:
          'Connect GitHub with a personal access token (classic or fine-grained), checked against GET /user',
        security: [{ bearerAuth: [] }],
        body: githubTokenBodySchema,
        response: { 200: successEnvelope(githubTokenResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const github = app.config.github;
      if (!github) {
        throw new AppError(503, 'SERVICE_UNAVAILABLE', errorMessages.githubUnavailable);
      }
      const octokit = new Octokit({
        auth: request.body.token,
        baseUrl: github.apiUrl,
        userAgent: 'Shipdeck',
      });
      let answer;
      try {
        answer = await octokit.request('GET /user', {
          request: { signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS) },
        });
      } catch (error) {
        if (error instanceof RequestError && (error.status === 401 || error.status === 403)) {
          throw new AppError(400, 'VALIDATION_ERROR', errorMessages.githubTokenRejected, [
            { field: 'body.token', message: errorMessages.githubTokenRejected },
          ]);
        }
        throw new AppError(502, 'PROVIDER_ERROR', errorMessages.githubUnavailable);
      }
      const scopes = (answer.headers['x-oauth-scopes'] ?? '')
        .split(',')
        .map((scope) => scope.trim())
        .filter(Boolean);
      const outcome = await completeGithubSignIn(app, {
        identity: {
          id: String(answer.data.id),
          login: answer.data.login,
          name: answer.data.name ?? null,
          avatarUrl: answer.data.avatar_url,
          email: null,
        },
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
