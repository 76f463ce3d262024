import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { rateLimitResultSchema } from '@shipdeck/shared/github';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { RateBudget } from '../../github-client/github-rate-budget.repository.js';
import {
  findRateBudget,
  saveRateBudget,
} from '../../github-client/github-rate-budget.repository.js';
import { callGithub } from '../../github-client/github-errors.js';
import { confirmedAt, githubClientFor } from '../../github-client/github-client.js';

function answerOf(budget: RateBudget) {
  return {
    limit: budget.core_limit,
    remaining: budget.core_remaining,
    reset: budget.core_reset_at,
    syncedAt: budget.seen_at,
  };
}

export const rateLimitRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rate-limit',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary:
          'Your GitHub core rate limit as GitHub last reported it on any answer for you (sync or detail); GitHub is asked (GET /rate_limit, free) only when nothing is stored or that window has ended',
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(rateLimitResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const stored = await findRateBudget(app.db, user.id);
      // Past its reset the stored window says nothing of the current one: ask again.
      if (stored && Date.parse(stored.core_reset_at) > Date.now()) return ok(answerOf(stored));
      const octokit = await githubClientFor(app, user);
      const { data, headers } = await callGithub(() => octokit.rest.rateLimit.get());
      const core = data.resources.core;
      const budget: RateBudget = {
        core_limit: core.limit,
        core_remaining: core.remaining,
        core_reset_at: new Date(core.reset * 1000).toISOString(),
        // While GitHub fails this is the stored answer: say when GitHub gave it, not now.
        seen_at: confirmedAt(headers),
      };
      await saveRateBudget(app.db, user.id, budget);
      return ok(answerOf(budget));
    },
  );
};
