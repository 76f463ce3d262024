import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { emptyResultSchema } from '@shipdeck/shared/auth';
import {
  emailChangeConfirmBodySchema,
  emailChangeConfirmResultSchema,
  emailChangeResultSchema,
  mailErrorMessages,
  mailUiTexts,
} from '@shipdeck/shared/mail';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../../lib/app-error.js';
import { nowIso } from '../../../../lib/clock.js';
import { hashOneTimeToken } from '../../../../lib/one-time-token.js';
import { ok } from '../../../../lib/reply.js';
import { requireAuth } from '../../../auth/authenticate.js';
import { findUserByEmail, findUserById, updateUser } from '../../../auth/users.repository.js';
import { consumeRateLimit } from '../../../rate-limit/rate-limiter.js';
import {
  cancelPendingEmailChanges,
  findPendingEmailChange,
  findUsableEmailChange,
  markEmailChangeConfirmed,
} from '../email-changes.repository.js';
import { startEmailChange } from '../start-email-change.js';
import { recordRequestAudit, userActor } from '../../../audit/record-audit.js';

const invalid = () =>
  new AppError(400, 'VALIDATION_ERROR', mailUiTexts.confirmEmailInvalid, [
    { field: 'body.token', message: mailUiTexts.confirmEmailInvalid },
  ]);

/** The signed-in person's waiting change: shown, resent and cancelled from the profile. */
export const emailChangeAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/account/email-change',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'The new email waiting for confirmation, if any',
        security,
        response: { 200: successEnvelope(emailChangeResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const pending = await findPendingEmailChange(app.db, user.id, nowIso());
      return ok({
        pending: pending ? { email: pending.new_email, expiresAt: pending.expires_at } : null,
      });
    },
  );

  app.post(
    '/api/account/email-change/resend',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary:
          'Mail a fresh confirmation link to the waiting new email (the old link stops working)',
        security,
        response: { 200: successEnvelope(emailChangeResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      // Without mail no change ever waits (it applies at once), so this is the usual answer then.
      const pending = await findPendingEmailChange(app.db, user.id, nowIso());
      if (!pending) throw new AppError(404, 'NOT_FOUND', mailUiTexts.confirmEmailInvalid);
      if (!app.mail.enabled) {
        throw new AppError(409, 'CONFLICT', mailErrorMessages.notConfigured);
      }
      await consumeRateLimit(app.db, `email-change-resend:user:${user.id}`, {
        max: 5,
        windowSeconds: 3600,
      });
      const { expiresAt } = await startEmailChange(app, user, pending.new_email, {
        notifyOldAddress: false,
      });
      return ok({ pending: { email: pending.new_email, expiresAt } });
    },
  );

  app.delete(
    '/api/account/email-change',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Cancel the waiting email change; the account keeps its address',
        security,
        response: { 200: successEnvelope(emptyResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const pending = await findPendingEmailChange(app.db, user.id, nowIso());
      if ((await cancelPendingEmailChanges(app.db, user.id, nowIso())) > 0) {
        await recordRequestAudit(app.db, request, {
          action: 'email.change_cancelled',
          target: { type: 'user', id: user.id, label: user.username },
          details: { from: user.email, to: pending?.new_email ?? null },
        });
      }
      return ok({});
    },
  );
};

/** Opening the link: no sign-in needed, the token is the proof that the address is theirs. */
export const emailChangeConfirmRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/email-change/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm a new email with the token mailed to it (single-use, 24 hours)',
        body: emailChangeConfirmBodySchema,
        response: { 200: successEnvelope(emailChangeConfirmResultSchema) },
      },
    },
    async (request) => {
      const { windowSeconds, perIp } = app.config.authRateLimit;
      // Guessing tokens is slowed like guessing passwords.
      await consumeRateLimit(app.db, `email-change:ip:${request.ip}`, {
        max: perIp,
        windowSeconds,
      });
      const now = nowIso();
      const change = await findUsableEmailChange(app.db, hashOneTimeToken(request.body.token), now);
      if (!change) throw invalid();
      const user = await findUserById(app.db, change.user_id);
      if (!user) throw invalid();
      // Someone may have taken the address while the link waited.
      const owner = await findUserByEmail(app.db, change.new_email);
      if (owner && owner.id !== user.id) {
        throw new AppError(409, 'CONFLICT', errorMessages.emailTaken);
      }
      await app.db.transaction().execute(async (trx) => {
        if (!(await markEmailChangeConfirmed(trx, change.id, now))) throw invalid();
        await updateUser(trx, user.id, { email: change.new_email, updated_at: now });
      });
      // Opened from the mailed link, signed in or not: the account's owner proved the address.
      await recordRequestAudit(app.db, request, {
        actor: userActor(user),
        action: 'email.change_confirmed',
        target: { type: 'user', id: user.id, label: user.username },
        details: { from: user.email, to: change.new_email, confirmedByMail: true },
      });
      return ok({ email: change.new_email });
    },
  );
};
