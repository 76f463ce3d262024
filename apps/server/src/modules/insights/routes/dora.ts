import { successEnvelope } from '@shipdeck/shared/api-envelope';
import type { InsightsWindow } from '@shipdeck/shared/insights-constants';
import { doraQuerySchema, doraResultSchema } from '@shipdeck/shared/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorMessages } from '@shipdeck/shared/messages';
import { AppError } from '../../../lib/app-error.js';
import { DAY_MS } from '../../../lib/clock.js';
import { findVisibleRepository } from '../../github-store/github-reads.repository.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { computeDora } from '../compute-dora.js';
import type { DoraLoader } from '../dora-loader.js';
import { trendBucketFor, windowEndingAt } from '../dora-window.js';

/** History before the window that still matters: a failure restored, or a commit rolled back to. */
const LOOKBACK_MS = 90 * DAY_MS;

export const doraRoute: FastifyPluginAsyncZod<{ loader: DoraLoader }> = async (app, options) => {
  app.get(
    '/dora',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['insights'],
        summary:
          "DORA's four keys from synced production deployments, with their 2023 bands, trends and how each was computed",
        security: [{ bearerAuth: [] }],
        querystring: doraQuerySchema,
        response: { 200: successEnvelope(doraResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const days = request.query.days as InsightsWindow;
      const repo = request.query.repo ?? null;
      const window = windowEndingAt(Date.now(), days);
      const history = await options.loader.load(app, {
        userId: user.id,
        repo,
        since: window.from - LOOKBACK_MS,
      });
      // Someone else's private repository answers as one that does not exist, not as an empty
      // report: an empty 200 would confirm the name to a stranger probing for it.
      const known = (name: string) => name.toLowerCase() === repo?.toLowerCase();
      if (
        repo !== null &&
        !history.repositories.some(known) &&
        !(await findVisibleRepository(app.db, user.id, repo))
      ) {
        throw new AppError(404, 'NOT_FOUND', errorMessages.repositoryNotFound);
      }
      return ok({
        days,
        repo,
        from: new Date(window.from).toISOString(),
        to: new Date(window.to).toISOString(),
        bucket: trendBucketFor(window),
        hasDeploymentData: history.deployments.some((deployment) => deployment.production),
        repositories: history.repositories,
        metrics: computeDora(history.deployments, history.changes, window),
        syncedAt: history.syncedAt,
      });
    },
  );
};
