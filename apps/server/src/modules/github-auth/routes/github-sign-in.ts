import { githubCallbackQuerySchema, githubRedirectParams } from '@shipdeck/shared/github-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueSession } from '../../auth/session-service.js';
import { completeGithubSignIn } from '../complete-github-sign-in.js';
import { exchangeCode, fetchGithubIdentity, GithubOAuthError } from '../github-oauth-client.js';
import { consumeOAuthState } from '../oauth-states.repository.js';
import { githubCallbackUrl, startGithubAuthorization } from '../start-github-authorization.js';

export const githubSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const redirectUri = githubCallbackUrl(app);
  const loginError = (code: string) => `/login?${githubRedirectParams.loginError}=${code}`;
  const settingsError = (code: string) => `/settings?${githubRedirectParams.settingsError}=${code}`;

  app.get(
    '/github',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start GitHub sign-in: a full-page redirect to GitHub (or the demo emulator)',
      },
    },
    async (_request, reply) => {
      const github = app.config.github;
      if (!github) return reply.redirect(loginError('oauth_not_configured'));
      return reply.redirect(await startGithubAuthorization(app, github, null));
    },
  );

  app.get(
    '/github/callback',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Where GitHub sends the browser back; ends on /dashboard?token=… or /login?error=…',
        querystring: githubCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const github = app.config.github;
      if (!github) return reply.redirect(loginError('oauth_not_configured'));
      const { code, state, error } = request.query;
      const pending = state ? await consumeOAuthState(app.db, state) : null;
      const fail = (reason: string) =>
        reply.redirect(pending?.linkUserId ? settingsError(reason) : loginError(reason));

      // A refusal on GitHub's page, a forged or replayed state, or a missing code.
      if (error || !pending || !code) return fail('auth_failed');

      try {
        const { token, scopes } = await exchangeCode(github, {
          code,
          redirectUri,
          codeVerifier: pending.codeVerifier,
        });
        const identity = await fetchGithubIdentity(github, token);
        const outcome = await completeGithubSignIn(app, {
          identity,
          token,
          scopes,
          linkUserId: pending.linkUserId,
        });
        if (!outcome.ok) return fail(outcome.reason);
        if (pending.linkUserId) {
          return reply.redirect(`/settings?${githubRedirectParams.settingsResult}=connected`);
        }
        const session = await issueSession(app.db, outcome.user.id, app.config.sessionTtlDays);
        return reply.redirect(`/dashboard?token=${encodeURIComponent(session.token)}`);
      } catch (err) {
        if (err instanceof GithubOAuthError) {
          request.log.warn({ reason: err.message }, 'GitHub refused the OAuth code');
          return fail('auth_failed');
        }
        request.log.error({ err }, 'GitHub sign-in failed');
        return fail('server_error');
      }
    },
  );
};
