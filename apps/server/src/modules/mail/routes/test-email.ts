import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { mailErrorMessages, testEmailResultSchema } from '@shipdeck/shared/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { consumeRateLimit } from '../../rate-limit/rate-limiter.js';
import { oneOffMailKey } from '../send-mail.js';

/** A handful an hour: enough to check a setup, too few to mail-bomb one's own inbox. */
const TEST_EMAILS_PER_HOUR = 5;

export const testEmailRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/account/email/test',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Queue a test email to the signed-in person’s address',
        security: [{ bearerAuth: [] }],
        response: { 202: successEnvelope(testEmailResultSchema) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      if (!app.mail.enabled) {
        throw new AppError(409, 'CONFLICT', mailErrorMessages.notConfigured);
      }
      await consumeRateLimit(app.db, `mail-test:user:${user.id}`, {
        max: TEST_EMAILS_PER_HOUR,
        windowSeconds: 3600,
      });
      await app.mail.queue({
        key: oneOffMailKey('test'),
        userId: user.id,
        to: user.email,
        payload: { kind: 'test', username: user.username },
      });
      return reply.code(202).send(ok({ queued: true as const, to: user.email }));
    },
  );
};
