import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { searchQuerySchema, searchResponseSchema } from '@shipdeck/shared/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { searchStore } from '../search.repository.js';

/** GET /api/search?q=: the command palette's one ranked list over the user's synced data. */
export const searchRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['search'],
        summary:
          'Your synced repositories, pull requests, Vercel projects and deployments matching a text, best match first',
        security: [{ bearerAuth: [] }],
        querystring: searchQuerySchema,
        response: { 200: successEnvelope(searchResponseSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const results = await searchStore(app.db, user.id, request.query.q, request.query.limit);
      return ok({ results });
    },
  );
};
