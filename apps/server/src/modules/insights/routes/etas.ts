import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { deploymentEtasResultSchema } from '@shipdeck/shared/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { deploymentEtas } from '../deployment-etas.js';

export const etasRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/etas',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['insights'],
        summary:
          "When each building deployment should be ready: the median build time of its project's last 20 builds",
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(deploymentEtasResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return ok({ etas: await deploymentEtas(app.db, user.id) });
    },
  );
};
