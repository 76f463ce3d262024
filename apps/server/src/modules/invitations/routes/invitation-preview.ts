import { invitationPreviewSchema, invitationTokenBodySchema } from '@shipdeck/shared/admin';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nowIso } from '../../../lib/clock.js';
import { ok } from '../../../lib/reply.js';
import { limitLinkAttempt } from '../../auth/auth-rate-limits.js';
import { usableInvitation } from '../usable-invitation.js';

// POST, not GET: the token travels in the body, never in a URL a proxy could log.
export const invitationPreviewRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/invitation',
    {
      schema: {
        tags: ['auth'],
        summary:
          'What an invitation link offers (email, role, who invited), so /signup can show it; 400/410 when it cannot be used',
        body: invitationTokenBodySchema,
        response: { 200: successEnvelope(invitationPreviewSchema) },
      },
    },
    async (request) => {
      await limitLinkAttempt(app, request, 'invitation');
      const invitation = await usableInvitation(app.db, request.body.invitation, nowIso());
      return ok({
        email: invitation.email,
        role: invitation.role,
        invitedBy: invitation.invited_by,
        expiresAt: invitation.expires_at,
      });
    },
  );
};
