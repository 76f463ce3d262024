import { statsResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { accountType } from '@shipdeck/shared/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nowIso } from '../../../lib/clock.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { countLiveSessions } from '../../auth/sessions.repository.js';
import { vercelConnectionOf } from '../../vercel-store/vercel-connection-dto.js';

export const statsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Account facts: member since, plan, sessions, connected providers',
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(statsResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return ok({
        stats: {
          memberSince: user.created_at,
          accountType,
          activeSessions: await countLiveSessions(app.db, user.id, nowIso()),
          lastLoginAt: user.last_login_at,
          connectedProviders: {
            github: user.github_id !== null,
            vercel: (await vercelConnectionOf(app, user))?.status === 'connected',
          },
        },
      });
    },
  );
};
