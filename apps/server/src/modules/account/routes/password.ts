import { changePasswordBodySchema, changePasswordResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nowIso } from '../../../lib/clock.js';
import { hashPassword } from '../../../lib/password-hash.js';
import { requireRecentAuth } from '../../auth/require-recent-auth.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { deleteOtherSessions } from '../../auth/sessions.repository.js';
import { updateUser } from '../../auth/users.repository.js';

export const passwordRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every other session is signed out',
        security: [{ bearerAuth: [] }],
        body: changePasswordBodySchema,
        response: { 200: successEnvelope(changePasswordResultSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { user, sessionId } = auth;
      const { currentPassword, newPassword } = request.body;
      // An account made through GitHub has no password yet: a fresh GitHub sign-in stands in.
      await requireRecentAuth(auth, currentPassword, 'body.currentPassword');
      const passwordHash = await hashPassword(newPassword, app.config.passwordHashCost);
      const revokedSessions = await app.db.transaction().execute(async (trx) => {
        await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: nowIso() });
        return deleteOtherSessions(trx, user.id, sessionId);
      });
      return ok({ revokedSessions });
    },
  );
};
