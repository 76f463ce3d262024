import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { healthSchema } from '@shipdeck/shared/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
import { appVersion } from '../../lib/app-version.js';

export const healthRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability; 503 when the database cannot be reached',
        response: { 200: successEnvelope(healthSchema) },
      },
    },
    async () => {
      const reachable = await app.database.isReachable();
      if (!reachable) throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Database unreachable');
      return ok({
        status: 'ok' as const,
        database: { dialect: app.database.dialect, reachable },
        uptimeSeconds: Math.round(process.uptime()),
        version: appVersion,
      });
    },
  );
};
