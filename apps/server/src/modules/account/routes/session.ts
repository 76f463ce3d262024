import {
  emptyResultSchema,
  sessionTimesSchema,
  sessionTokenSchema,
  userResultSchema,
} from '@shipdeck/shared/auth';
import { errorMessages } from '@shipdeck/shared/messages';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth/authenticate.js';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { limitRefreshAttempt } from '../../auth/auth-rate-limits.js';
import { clearPageSessionCookie, setPageSessionCookie } from '../../auth/page-session-cookie.js';
import { rotateSession } from '../../auth/session-service.js';
import { deleteSession, findSessionTimes } from '../../auth/sessions.repository.js';
import { toUserDto } from '../../auth/to-user-dto.js';
import { vercelConnectionOf } from '../../vercel-store/vercel-connection-dto.js';
import { keepAnswer, sendCachedAnswer } from '../../answer-cache/answer-cache-plugin.js';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security,
        response: { 200: successEnvelope(userResultSchema) },
      },
    },
    async (request, reply) => {
      // Served again only for the same user row (read with this session) and store version,
      // which every Vercel connection write bumps: sign-out or expiry fails authentication first.
      const auth = requireAuth(request);
      if (sendCachedAnswer(app, request, reply, auth)) return reply;
      keepAnswer(request, auth, null);
      const { user } = auth;
      return ok({ user: toUserDto(user, await vercelConnectionOf(app, user)) });
    },
  );

  app.get(
    '/session',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary:
          'When the current session expires, and from when to renew it with POST /auth/refresh (half its lifetime)',
        security,
        response: { 200: successEnvelope(sessionTimesSchema) },
      },
    },
    async (request) => {
      const { sessionId } = requireAuth(request);
      const times = await findSessionTimes(app.db, sessionId);
      // Revoked between authentication and this read: the session is gone, as for any request.
      if (!times) throw new AppError(401, 'UNAUTHORIZED', errorMessages.unauthorized);
      const created = Date.parse(times.created_at);
      const expires = Date.parse(times.expires_at);
      return ok({
        expiresAt: times.expires_at,
        renewAt: new Date(created + (expires - created) / 2).toISOString(),
      });
    },
  );

  app.post(
    '/refresh',
    {
      onRequest: [(request) => limitRefreshAttempt(app, request), app.authenticate],
      schema: {
        tags: ['auth'],
        summary:
          'Exchange the current token for a new one with a fresh expiry; the old one stops working. Rate limited per address like sign-in.',
        security,
        response: { 200: successEnvelope(sessionTokenSchema) },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = requireAuth(request);
      const session = await rotateSession(app.db, sessionId, user.id, app.config.sessionTtlDays);
      setPageSessionCookie(app, reply, session);
      return ok(session);
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current token',
        security,
        response: { 200: successEnvelope(emptyResultSchema) },
      },
    },
    async (request, reply) => {
      await deleteSession(app.db, requireAuth(request).sessionId);
      clearPageSessionCookie(app, reply);
      return ok({});
    },
  );
};
