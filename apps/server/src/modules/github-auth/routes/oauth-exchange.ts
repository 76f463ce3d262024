import { loginResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { oauthExchangeBodySchema } from '@shipdeck/shared/github-auth';
import { oauthErrorFallback, oauthErrorMessages } from '@shipdeck/shared/sign-in-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { setPageSessionCookie } from '../../auth/page-session-cookie.js';
import { issueSession } from '../../auth/session-service.js';
import { toUserDto } from '../../auth/to-user-dto.js';
import { findUserById } from '../../auth/users.repository.js';
import { refuseDisabledSignIn } from '../../auth/refuse-disabled-sign-in.js';
import { browserBindingHash, clearBrowserBinding } from '../oauth-browser-cookie.js';
import { consumeOAuthHandoff } from '../oauth-handoffs.repository.js';

export const oauthExchangeRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/exchange',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Trade the one-time code from the GitHub callback for a session (same browser, once, within a minute)',
        body: oauthExchangeBodySchema,
        response: { 200: successEnvelope(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const userId = await consumeOAuthHandoff(
        app.db,
        request.body.code,
        browserBindingHash(request),
      );
      const user = userId ? await findUserById(app.db, userId) : undefined;
      if (!user) {
        throw new AppError(
          401,
          'INVALID_CREDENTIALS',
          oauthErrorMessages.auth_failed ?? oauthErrorFallback,
        );
      }
      clearBrowserBinding(reply);
      // Disabled between GitHub's callback and this exchange.
      if (user.disabled_at) await refuseDisabledSignIn(app, request, user, 'github');
      const session = await issueSession(app.db, user.id, app.config.sessionTtlDays, {
        viaGithub: true,
      });
      setPageSessionCookie(app, reply, session);
      return ok({ ...session, user: toUserDto(user) });
    },
  );
};
