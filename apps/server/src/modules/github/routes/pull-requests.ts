import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { shipPullRequestsQuerySchema, shipPullsResultSchema } from '@shipdeck/shared/insights';
import { paginate } from '@shipdeck/shared/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../../plugins/authenticate.js';
import { listInvolvedPullRequestRows } from '../../github-sync/github-reads.repository.js';
import { syncedContext } from '../../github-sync/synced-answer.js';
import { keepAnswer, sendCachedAnswer } from '../../sync/answer-cache-plugin.js';
import { withShipStatus } from '../../github-sync/attach-ship-status.js';

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
      const auth = requireAuth(request);
      const { user } = auth;
      if (sendCachedAnswer(app, request, reply, auth)) return reply;
      // The sync state and the list are read at once: on PostgreSQL, on separate connections.
      const [{ status, reusableUntil }, { rows, total }] = await Promise.all([
        syncedContext(app, user),
        listInvolvedPullRequestRows(app.db, user.id, request.query),
      ]);
      keepAnswer(request, auth, reusableUntil);
      const { page, perPage } = request.query;
      return ok({
        ...status,
        pullRequests: await withShipStatus(app.db, user.id, rows),
        pagination: paginate(page, perPage, total),
      });
    },
  );
};
