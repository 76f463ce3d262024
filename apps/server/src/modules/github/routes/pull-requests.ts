import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { shipPullRequestsQuerySchema, shipPullsResultSchema } from '@shipdeck/shared/insights';
import { paginate } from '@shipdeck/shared/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../../plugins/authenticate.js';
import { listInvolvedPullRequestRows } from '../../github-sync/github-reads.repository.js';
import { pullRequestFromRow } from '../../github-sync/store-to-dto.js';
import { syncedContext } from '../../github-sync/synced-answer.js';
import { keepAnswer, sendCachedAnswer } from '../../sync/answer-cache-plugin.js';
import { deploymentsForShas } from '../../github-sync/ship-state.repository.js';
import { deploymentRecord, shipStatusFromRow } from '../../github-sync/ship-status-from-row.js';

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
      const { status, reusableUntil } = await syncedContext(app, user);
      keepAnswer(request, auth, reusableUntil);
      const { page, perPage } = request.query;
      const { rows, total } = await listInvolvedPullRequestRows(app.db, user.id, request.query);
      const shas = rows.flatMap((row) => (row.head_sha ? [row.head_sha] : []));
      const deploymentRows = await deploymentsForShas(app.db, user.id, shas);
      const urls = new Map(deploymentRows.map((row) => [row.id, `https://${row.url}`]));
      const deployments = deploymentRows.map(deploymentRecord);
      return ok({
        ...status,
        pullRequests: rows.map((row) => {
          const ship = shipStatusFromRow(row, deployments, (d) => urls.get(d.id) ?? '');
          return ship ? { ...pullRequestFromRow(row), ...ship } : pullRequestFromRow(row);
        }),
        pagination: paginate(page, perPage, total),
      });
    },
  );
};
