import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { reposQuerySchema, reposResultSchema } from '@shipdeck/shared/github';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { listRepositoryRows } from '../../github-store/github-reads.repository.js';
import { repositoryFromRow } from '../../github-store/store-to-dto.js';
import { readSyncedListPage } from './synced-list-page.js';

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
      const page = await readSyncedListPage(app, request, reply, request.query, (userId) =>
        listRepositoryRows(app.db, userId, request.query),
      );
      if (!page) return reply;
      return ok({
        ...page.status,
        repositories: page.rows.map(repositoryFromRow),
        pagination: page.pagination,
      });
    },
  );
};
