import { userResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { githubLinkResultSchema } from '@shipdeck/shared/github-auth';
import { errorMessages } from '@shipdeck/shared/messages';
import { oauthErrorFallback, oauthErrorMessages } from '@shipdeck/shared/sign-in-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { nowIso } from '../../../lib/clock.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { toUserDto } from '../../auth/to-user-dto.js';
import { vercelConnectionOf } from '../../vercel-store/vercel-connection-dto.js';
import { updateUser } from '../../auth/users.repository.js';
import { recordRequestAudit } from '../../audit/record-audit.js';
import { deleteProviderToken } from '../../connections/provider-tokens.repository.js';
import { clearCachedAnswers } from '../../github-client/github-cache.repository.js';
import { deleteGithubInbox } from '../../github-inbox/github-inbox.repository.js';
import { deleteUserGithubData } from '../../github-store/github-store.repository.js';
import { bindBrowser } from '../oauth-browser-cookie.js';
import { startGithubAuthorization } from '../start-github-authorization.js';

export const githubLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  // A full-page navigation carries no bearer header, so the signed-in user first asks for a URL
  // whose state remembers who they are.
  app.post(
    '/github/link',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Get the GitHub authorize URL that connects GitHub to the signed-in account',
        security,
        response: { 200: successEnvelope(githubLinkResultSchema) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const oauth = app.config.github.oauth;
      if (!oauth) {
        throw new AppError(
          503,
          'SERVICE_UNAVAILABLE',
          oauthErrorMessages.oauth_not_configured ?? oauthErrorFallback,
        );
      }
      // The cookie set on this answer is what the callback checks: the link completes only in the
      // browser that asked for it, never in a victim's browser the URL was sent to.
      const browserHash = bindBrowser(app, reply);
      return ok({ url: await startGithubAuthorization(app, oauth, user.id, browserHash) });
    },
  );

  app.delete(
    '/github',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Disconnect GitHub from the signed-in account and forget its token',
        security,
        response: { 200: successEnvelope(userResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      if (!user.password_hash) {
        throw new AppError(400, 'VALIDATION_ERROR', errorMessages.githubDisconnectNeedsPassword);
      }
      const updated = await app.db.transaction().execute(async (trx) => {
        await deleteProviderToken(trx, user.id, 'github');
        await clearCachedAnswers(trx, user.id);
        // GitHub's notification threads go with the token that read them.
        await deleteGithubInbox(trx, user.id);
        return updateUser(trx, user.id, {
          github_id: null,
          github_login: null,
          // The avatar only ever comes from GitHub; it goes with the account it belongs to.
          avatar_url: null,
          updated_at: nowIso(),
        });
      });
      // Shared repository rows another user still sees stay; the rest of this user's go.
      await deleteUserGithubData(app.db, user.id);
      await recordRequestAudit(app.db, request, {
        action: 'github.disconnected',
        target: { type: 'connection', id: null, label: `GitHub ${user.github_login ?? ''}`.trim() },
      });
      return ok({ user: toUserDto(updated, await vercelConnectionOf(app, user)) });
    },
  );
};
