import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { pullRequestsQuerySchema, pullsResultSchema } from '@shipdeck/shared/github';
import { paginate } from '@shipdeck/shared/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../../plugins/authenticate.js';
import { listInvolvedPullRequestRows } from '../../github-sync/github-reads.repository.js';
import { pullRequestFromRow } from '../../github-sync/store-to-dto.js';
import { syncedContext } from '../../github-sync/synced-answer.js';

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
        querystring: pullRequestsQuerySchema,
        response: { 200: successEnvelope(pullsResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { status } = await syncedContext(app, user);
      const { page, perPage } = request.query;
      const { rows, total } = await listInvolvedPullRequestRows(app.db, user.id, request.query);
      return ok({
        ...status,
        pullRequests: rows.map(pullRequestFromRow),
        pagination: paginate(page, perPage, total),
      });
    },
  );
};
