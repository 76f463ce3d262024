import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { rateLimitResultSchema } from '@shipdeck/shared/github';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../../plugins/authenticate.js';
import { callGithub } from '../github-errors.js';
import { githubClientFor } from '../github-client.js';

export const rateLimitRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rate-limit',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary:
          'Your GitHub core rate limit (GET /rate_limit costs none of it), through the conditional cache',
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(rateLimitResultSchema) },
      },
    },
    async (request) => {
      const octokit = await githubClientFor(app, requireAuth(request).user);
      const { data } = await callGithub(() => octokit.rest.rateLimit.get());
      const core = data.resources.core;
      return ok({
        limit: core.limit,
        remaining: core.remaining,
        reset: new Date(core.reset * 1000).toISOString(),
        syncedAt: new Date().toISOString(),
      });
    },
  );
};
