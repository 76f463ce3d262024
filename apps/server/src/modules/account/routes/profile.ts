import { preferencesBodySchema, profileBodySchema, userResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { nowIso } from '../../../lib/clock.js';
import { isUniqueViolation } from '../../../lib/is-unique-violation.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { requireRecentAuth } from '../../auth/require-recent-auth.js';
import { toUserDto } from '../../auth/to-user-dto.js';
import { vercelConnectionOf } from '../../vercel-store/vercel-connection-dto.js';
import type { UserRowUpdate } from '../../auth/users.table.js';
import { findUserByEmail, updateUser } from '../../auth/users.repository.js';
import { startEmailChange } from '../../mail/email-change/start-email-change.js';
import { recordRequestAudit } from '../../audit/record-audit.js';

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.put(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary:
          'Change display name and email; a new email needs the current password (or, without one, a GitHub sign-in in the last few minutes)',
        security,
        body: profileBodySchema,
        response: { 200: successEnvelope(userResultSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { user } = auth;
      const { displayName, email, currentPassword } = request.body;
      if (email !== user.email) {
        await requireRecentAuth(auth, currentPassword, 'body.currentPassword');
      }
      const owner = await findUserByEmail(app.db, email);
      if (owner && owner.id !== user.id) {
        throw new AppError(409, 'CONFLICT', errorMessages.emailTaken);
      }
      // With mail, a new address counts once its owner opens the link mailed to it; without
      // mail there is no way to prove it, and it applies at once.
      const confirmByMail = email !== user.email && app.mail.enabled;
      if (confirmByMail) await startEmailChange(app, user, email, { notifyOldAddress: true });
      try {
        const updated = await updateUser(app.db, user.id, {
          display_name: displayName,
          ...(confirmByMail ? {} : { email }),
          updated_at: nowIso(),
        });
        if (email !== user.email) {
          // With mail the change waits for its link; without, it is made here and now.
          await recordRequestAudit(app.db, request, {
            action: confirmByMail ? 'email.change_requested' : 'email.change_confirmed',
            target: { type: 'user', id: user.id, label: user.username },
            details: { from: user.email, to: email, confirmedByMail: false },
          });
        }
        return ok({ user: toUserDto(updated, await vercelConnectionOf(app, updated)) });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'CONFLICT', errorMessages.emailTaken);
        throw error;
      }
    },
  );

  app.put(
    '/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary:
          'Change any preference: in-app and email notifications (each kind), the daily digest and its hour, the time zone, syncs',
        security,
        body: preferencesBodySchema,
        response: { 200: successEnvelope(userResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const body = request.body;
      const changes: UserRowUpdate = {
        pref_notifications: flag(body.notifications),
        pref_email_notifications: flag(body.emailNotifications),
        pref_email_deployment_failed: flag(body.emailDeploymentFailed),
        pref_email_review_requested: flag(body.emailReviewRequested),
        pref_email_review_verdict: flag(body.emailReviewVerdict),
        pref_email_checks_failed: flag(body.emailChecksFailed),
        pref_email_digest: flag(body.emailDigest),
        pref_digest_hour: body.digestHour,
        pref_time_zone: body.timeZone,
        pref_github_sync: flag(body.githubSync),
        pref_vercel_sync: flag(body.vercelSync),
        updated_at: nowIso(),
      };
      const updated = await updateUser(app.db, user.id, changes);
      return ok({ user: toUserDto(updated, await vercelConnectionOf(app, updated)) });
    },
  );
};
