import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { reposQuerySchema, reposResultSchema } from '@shipdeck/shared/github';
import { paginate } from '@shipdeck/shared/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../../plugins/authenticate.js';
import { listRepositoryRows } from '../../github-sync/github-reads.repository.js';
import { repositoryFromRow } from '../../github-sync/store-to-dto.js';
import { syncedContext } from '../../github-sync/synced-answer.js';
import { keepAnswer, sendCachedAnswer } from '../../sync/answer-cache-plugin.js';

export const repositoriesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/repos',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary:
          'Your repositories from the synced store: search, filter and sort over all of them in SQL, then one page',
        security: [{ bearerAuth: [] }],
        querystring: reposQuerySchema,
        response: { 200: successEnvelope(reposResultSchema) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { user } = auth;
      if (sendCachedAnswer(app, request, reply, auth)) return reply;
      // The sync state and the list are read at once: on PostgreSQL, on separate connections.
      const [{ status, reusableUntil }, { rows, total }] = await Promise.all([
        syncedContext(app, user),
        listRepositoryRows(app.db, user.id, request.query),
      ]);
      keepAnswer(request, auth, reusableUntil);
      const { page, perPage } = request.query;
      return ok({
        ...status,
        repositories: rows.map(repositoryFromRow),
        pagination: paginate(page, perPage, total),
      });
    },
  );
};
