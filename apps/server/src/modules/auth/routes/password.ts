import { changePasswordBodySchema, changePasswordResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { nowIso } from '../../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../../lib/password-hash.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../../plugins/authenticate.js';
import { deleteOtherSessions } from '../sessions.repository.js';
import { updateUser } from '../users.repository.js';

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
      const { user, sessionId } = requireAuth(request);
      const { currentPassword, newPassword } = request.body;
      // An account made through GitHub has no password yet and may set one without a current one.
      if (user.password_hash) {
        const valid = currentPassword
          ? await verifyPassword(user.password_hash, currentPassword)
          : false;
        // 400, not 401: a 401 would sign the browser out.
        if (!valid) {
          throw new AppError(
            400,
            'INVALID_CURRENT_PASSWORD',
            errorMessages.currentPasswordIncorrect,
            [{ field: 'body.currentPassword', message: errorMessages.currentPasswordIncorrect }],
          );
        }
      }
      const passwordHash = await hashPassword(newPassword);
      const revokedSessions = await app.db.transaction().execute(async (trx) => {
        await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: nowIso() });
        return deleteOtherSessions(trx, user.id, sessionId);
      });
      return ok({ revokedSessions });
    },
  );
};
