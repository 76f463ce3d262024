import { userResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { nowIso } from '../../../lib/clock.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../../plugins/authenticate.js';
import { toUserDto } from '../to-user-dto.js';
import { updateUser } from '../users.repository.js';

export const githubLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  // The OAuth web flow arrives with the provider integration; until then the browser is told why.
  app.get(
    '/github',
    { schema: { tags: ['auth'], summary: 'Start GitHub sign-in (full-page redirect)' } },
    async (_request, reply) => reply.redirect('/login?error=oauth_not_configured'),
  );

  app.delete(
    '/github',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Disconnect the GitHub account from this user',
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(userResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      if (!user.password_hash) {
        throw new AppError(400, 'VALIDATION_ERROR', errorMessages.githubDisconnectNeedsPassword);
      }
      const updated = await updateUser(app.db, user.id, {
        github_id: null,
        github_login: null,
        updated_at: nowIso(),
      });
      return ok({ user: toUserDto(updated) });
    },
  );
};
