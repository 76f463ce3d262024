import { randomBytes } from 'node:crypto';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { EVENT_TICKET_TTL_SECONDS, eventTicketResultSchema } from '@shipdeck/shared/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { hashSessionToken } from '../../../lib/session-token.js';
import { requireAuth } from '../../auth/authenticate.js';
import { insertEventTicket } from '../event-tickets.repository.js';

export const eventTicketRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/events/ticket',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['events'],
        summary:
          'A single-use ticket, valid for a minute, that opens GET /api/events (an EventSource cannot send the bearer header)',
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(eventTicketResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const ticket = randomBytes(32).toString('base64url');
      await insertEventTicket(app.db, {
        ticket_hash: hashSessionToken(ticket),
        user_id: user.id,
        expires_at: new Date(Date.now() + EVENT_TICKET_TTL_SECONDS * 1000).toISOString(),
      });
      return ok({ ticket, expiresInSeconds: EVENT_TICKET_TTL_SECONDS });
    },
  );
};
