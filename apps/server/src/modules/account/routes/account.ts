import { deleteAccountBodySchema, emptyResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { confirmPassword } from '../../auth/confirm-password.js';
import { deleteAccount } from '../delete-account.js';
import { clearPageSessionCookie } from '../../auth/page-session-cookie.js';

export const accountRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/account',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary:
          'Delete the account and every row that belongs to it. Confirm with the password, or with the username for accounts without one.',
        security: [{ bearerAuth: [] }],
        body: deleteAccountBodySchema,
        response: { 200: successEnvelope(emptyResultSchema) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { password, confirmation } = request.body;
      if (user.password_hash) {
        await confirmPassword(user.password_hash, password, 'body.password');
      } else if (confirmation?.trim() !== user.username) {
        throw new AppError(400, 'VALIDATION_ERROR', errorMessages.deleteConfirmationMismatch, [
          { field: 'body.confirmation', message: errorMessages.deleteConfirmationMismatch },
        ]);
      }
      await deleteAccount(app, user);
      clearPageSessionCookie(app, reply);
      return ok({});
    },
  );
};
