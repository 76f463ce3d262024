import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { shipPullRequestsQuerySchema, shipPullsResultSchema } from '@shipdeck/shared/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { listInvolvedPullRequestRows } from '../../github-store/github-reads.repository.js';
import { withShipStatus } from '../../ship-status/attach-ship-status.js';
import { readSyncedListPage } from './synced-list-page.js';

export const pullRequestsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pull-requests',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary:
          'Pull requests across all your repositories (authored, review requested, assigned) from the synced store',
        security: [{ bearerAuth: [] }],
        querystring: shipPullRequestsQuerySchema,
        response: { 200: successEnvelope(shipPullsResultSchema) },
      },
    },
    async (request, reply) => {
      const page = await readSyncedListPage(app, request, reply, request.query, (userId) =>
        listInvolvedPullRequestRows(app.db, userId, request.query),
      );
      if (!page) return reply;
      return ok({
        ...page.status,
        pullRequests: await withShipStatus(app.db, page.userId, page.rows),
        pagination: page.pagination,
      });
    },
  );
};
