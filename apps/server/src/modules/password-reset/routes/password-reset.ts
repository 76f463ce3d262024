import { passwordResetCompleteBodySchema } from '@shipdeck/shared/admin';
import { emptyResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { nowIso } from '../../../lib/clock.js';
import { hashOneTimeToken } from '../../../lib/one-time-token.js';
import { hashPassword } from '../../../lib/password-hash.js';
import { ok } from '../../../lib/reply.js';
import { recordRequestAudit, userActor } from '../../audit/record-audit.js';
import { limitLinkAttempt } from '../../auth/auth-rate-limits.js';
import { deleteAllSessions } from '../../auth/sessions.repository.js';
import { findUserById, updateUser } from '../../auth/users.repository.js';
import { announceEvent } from '../../notifications/notify.js';
import { oneOffMailKey } from '../../mail/send-mail.js';
import { findUsablePasswordReset, markPasswordResetUsed } from '../password-resets.repository.js';

const invalid = () =>
  new AppError(400, 'VALIDATION_ERROR', errorMessages.passwordResetInvalid, [
    { field: 'body.token', message: errorMessages.passwordResetInvalid },
  ]);

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/password-reset/complete',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Set a new password with a reset link’s token (single-use, one hour); ends every session of the account',
        body: passwordResetCompleteBodySchema,
        response: { 200: successEnvelope(emptyResultSchema) },
      },
    },
    async (request) => {
      await limitLinkAttempt(app, request, 'password-reset');
      const now = nowIso();
      // One answer for a used, expired or unknown token: none says which accounts exist.
      const reset = await findUsablePasswordReset(
        app.db,
        hashOneTimeToken(request.body.token),
        now,
      );
      if (!reset) throw invalid();
      const user = await findUserById(app.db, reset.user_id);
      if (!user) throw invalid();
      const passwordHash = await hashPassword(request.body.password, app.config.passwordHashCost);
      await app.db.transaction().execute(async (trx) => {
        if (!(await markPasswordResetUsed(trx, reset.id, now))) throw invalid();
        await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now });
        await deleteAllSessions(trx, user.id);
      });
      await announceEvent(app, user.id, { type: 'session.revoked' });
      // The owner hears of it at once: if it was not them, they know to act.
      await app.mail.queue({
        key: oneOffMailKey('password-changed'),
        userId: user.id,
        to: user.email,
        payload: { kind: 'password-changed', username: user.username },
      });
      await recordRequestAudit(app.db, request, {
        actor: userActor(user),
        action: 'password.reset',
        target: { type: 'user', id: user.id, label: user.username },
      });
      return ok({});
    },
  );
};
