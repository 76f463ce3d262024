import {
  invitationCreateBodySchema,
  invitationCreatedSchema,
  invitationsResultSchema,
  userIdParamSchema,
} from '@shipdeck/shared/admin';
import { emptyResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { nowIso } from '../../../lib/clock.js';
import { ok } from '../../../lib/reply.js';
import { recordAudit } from '../../audit/record-audit.js';
import { createInvitation } from '../../invitations/create-invitation.js';
import { invitationLabel } from '../../invitations/create-invitation.js';
import {
  findInvitationById,
  listPendingInvitations,
  revokeInvitation,
  toInvitationDto,
} from '../../invitations/invitations.repository.js';
import { administratorOf } from '../administrator-of.js';

export const adminInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.post(
    '/invitations',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Invite someone: a single-use sign-up link, good for 7 days (only owners invite owners and admins)',
        security,
        body: invitationCreateBodySchema,
        response: { 201: successEnvelope(invitationCreatedSchema) },
      },
    },
    async (request, reply) => {
      const by = administratorOf(request);
      const { email, role } = request.body;
      if (role !== 'member' && by.role !== 'owner') {
        throw new AppError(403, 'FORBIDDEN', errorMessages.ownerOnly);
      }
      const created = await createInvitation(app, {
        email: email ?? null,
        role,
        by: by.actor,
        ip: by.ip,
      });
      // Sent whatever the invitee's switches say: they have none yet. Queued, never sent here.
      if (email) {
        await app.mail.queue({
          key: `invitation:${created.id}`,
          userId: null,
          to: email,
          payload: {
            kind: 'invitation',
            url: created.url,
            invitedBy: by.actor.username,
            role,
            expiresAt: created.expiresAt,
          },
        });
      }
      return reply.code(201).send(ok(created));
    },
  );

  app.get(
    '/invitations',
    {
      schema: {
        tags: ['admin'],
        summary: 'Pending invitations: not used, revoked or expired',
        security,
        response: { 200: successEnvelope(invitationsResultSchema) },
      },
    },
    async (request) => {
      administratorOf(request);
      const rows = await listPendingInvitations(app.db, nowIso());
      return ok({ invitations: rows.map(toInvitationDto) });
    },
  );

  app.delete(
    '/invitations/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revoke a pending invitation: its link stops working',
        security,
        params: userIdParamSchema,
        response: { 200: successEnvelope(emptyResultSchema) },
      },
    },
    async (request) => {
      const by = administratorOf(request);
      const invitation = await findInvitationById(app.db, request.params.id);
      if (!invitation || !(await revokeInvitation(app.db, invitation.id, nowIso()))) {
        throw new AppError(404, 'NOT_FOUND', errorMessages.invitationNotFound);
      }
      await recordAudit(app.db, {
        actor: by.actor,
        action: 'invitation.revoked',
        target: { type: 'invitation', id: invitation.id, label: invitationLabel(invitation.email) },
        ip: by.ip,
      });
      return ok({});
    },
  );
};
