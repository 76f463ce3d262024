import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { rateLimitResultSchema } from '@shipdeck/shared/github';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { RateBudget } from '../../github-client/github-rate-budget.repository.js';
import { findRateBudget } from '../../github-client/github-rate-budget.repository.js';

/**
 * The stored figures as the page shows them. A window past its reset has been refilled by
 * GitHub (the same reading the budget floors use): its whole limit is left, and the reset shown
 * is the one already passed ("resets now") until an answer reports the new window.
 */
function answerOf(budget: RateBudget, now: number) {
  const over = Date.parse(budget.core_reset_at) <= now;
  return {
    limit: budget.core_limit,
    remaining: over ? budget.core_limit : budget.core_remaining,
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
          "Your GitHub core rate limit as GitHub last reported it on any answer for you (sync, ship status, inbox or detail), read from Shipdeck's own table: GitHub is never asked here (404 until GitHub has reported one)",
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(rateLimitResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      // Requests read Shipdeck's tables (DESIGN.md §2): every GitHub answer for this user,
      // from the jobs and the on-demand reads, already records the figures it carried.
      const stored = await findRateBudget(app.db, user.id);
      if (!stored) throw new AppError(404, 'NOT_FOUND', errorMessages.githubBudgetNotReported);
      return ok(answerOf(stored, Date.now()));
    },
  );
};
