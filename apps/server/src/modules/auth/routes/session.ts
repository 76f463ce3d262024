import { emptyResultSchema, sessionTokenSchema, userResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../plugins/authenticate.js';
import { ok } from '../../../lib/reply.js';
import { limitRefreshAttempt } from '../auth-rate-limits.js';
import { clearPageSessionCookie, setPageSessionCookie } from '../page-session-cookie.js';
import { rotateSession } from '../session-service.js';
import { deleteSession } from '../sessions.repository.js';
import { toUserDto } from '../to-user-dto.js';
import { vercelConnectionOf } from '../../vercel/vercel-connection-dto.js';
import { keepAnswer, sendCachedAnswer } from '../../sync/answer-cache-plugin.js';

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
      return ok({ user: toUserDto(user, await vercelConnectionOf(app.db, user.id)) });
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
