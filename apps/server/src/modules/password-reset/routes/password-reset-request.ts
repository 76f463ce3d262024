import { successEnvelope } from '@shipdeck/shared/api-envelope';
import {
  passwordResetRequestBodySchema,
  passwordResetRequestResultSchema,
} from '@shipdeck/shared/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { consumeRateLimit } from '../../rate-limit/rate-limiter.js';
import { queuePasswordResetRequest } from '../request-password-reset.js';

export const passwordResetRequestRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary:
          '“Forgot password?”: mail a reset link if an account has this address; answers the same either way',
        body: passwordResetRequestBodySchema,
        response: { 202: successEnvelope(passwordResetRequestResultSchema) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const { windowSeconds, perIp, perAccount } = app.config.authRateLimit;
      // Like sign-in: per sending address, and per address asked about (so no one floods an inbox).
      await consumeRateLimit(app.db, `password-reset-request:ip:${request.ip}`, {
        max: perIp,
        windowSeconds,
      });
      await consumeRateLimit(app.db, `password-reset-request:account:${email}`, {
        max: perAccount,
        windowSeconds,
      });
      // Same work whether or not the account exists: the lookup happens in the job.
      await queuePasswordResetRequest(app, email);
      return reply.code(202).send(ok({ accepted: true as const }));
    },
  );
};
