import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { syncResultSchema } from '@shipdeck/shared/github';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { readVercelSyncStatus } from '../vercel-sync-status.js';

export const vercelSyncStatusRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sync',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['vercel'],
        summary:
          'When the Vercel data was last confirmed and why the last sync failed, if it did (pages then show the last good data)',
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(syncResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return ok(await readVercelSyncStatus(app.db, user.id));
    },
  );
};
