import { OAUTH_COMPLETE_PATH } from '@shipdeck/shared/constants';
import { githubCallbackQuerySchema, githubStartQuerySchema } from '@shipdeck/shared/github-auth';
import { nowIso } from '../../../lib/clock.js';
import { usableInvitation } from '../../invitations/usable-invitation.js';
import { githubRedirectParams } from '@shipdeck/shared/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { completeGithubSignIn } from '../complete-github-sign-in.js';
import { exchangeCode, fetchGithubIdentity, GithubOAuthError } from '../github-oauth-client.js';
import { bindBrowser, browserBindingHash } from '../oauth-browser-cookie.js';
import { createOAuthHandoff } from '../oauth-handoffs.repository.js';
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
        summary:
          'Start GitHub sign-in: a full-page redirect to GitHub (or the demo emulator); ?invitation= signs up with an invitation',
        querystring: githubStartQuerySchema,
      },
    },
    async (request, reply) => {
      const oauth = app.config.github.oauth;
      if (!oauth) return reply.redirect(loginError('oauth_not_configured'));
      const token = request.query.invitation;
      let invitationId: string | null = null;
      if (token) {
        try {
          invitationId = (await usableInvitation(app.db, token, nowIso())).id;
        } catch {
          return reply.redirect(loginError('invitation_invalid'));
        }
      }
      const browserHash = bindBrowser(app, reply);
      return reply.redirect(
        await startGithubAuthorization(app, oauth, null, browserHash, invitationId),
      );
    },
  );

  app.get(
    '/github/callback',
    {
      schema: {
        tags: ['auth'],
        summary: `Where GitHub sends the browser back; ends on ${OAUTH_COMPLETE_PATH}?code=… (a one-time code for POST /auth/exchange), /settings?github=connected or /login?error=…`,
        querystring: githubCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const github = app.config.github;
      if (!github.oauth) return reply.redirect(loginError('oauth_not_configured'));
      const { code, state, error } = request.query;
      const browserHash = browserBindingHash(request);
      const pending = state ? await consumeOAuthState(app.db, state, browserHash) : null;
      const fail = (reason: string) =>
        reply.redirect(pending?.linkUserId ? settingsError(reason) : loginError(reason));

      // A refusal on GitHub's page, a forged or replayed state, a callback opened in another
      // browser than the one that began (login CSRF, or a link URL sent to a victim), no code.
      if (error || !pending || !pending.sameBrowser || !browserHash || !code) {
        return fail('auth_failed');
      }

      try {
        const { token, scopes } = await exchangeCode(github, github.oauth, {
          code,
          redirectUri,
          codeVerifier: pending.codeVerifier,
          timeoutMs: app.config.githubTimeoutMs,
        });
        const identity = await fetchGithubIdentity(github, token, app.config.githubTimeoutMs);
        const outcome = await completeGithubSignIn(app, request, {
          identity,
          token,
          scopes,
          linkUserId: pending.linkUserId,
          invitationId: pending.invitationId,
        });
        if (!outcome.ok) return fail(outcome.reason);
        if (pending.linkUserId) {
          return reply.redirect(`/settings?${githubRedirectParams.settingsResult}=connected`);
        }
        // No session token in the address bar: proxies and history would keep it.
        const handoff = await createOAuthHandoff(app.db, {
          userId: outcome.user.id,
          browserHash,
        });
        return reply.redirect(`${OAUTH_COMPLETE_PATH}?code=${encodeURIComponent(handoff)}`);
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
