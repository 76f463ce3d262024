import { randomUUID } from 'node:crypto';
import { signupBodySchema, userResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { nowIso } from '../../../lib/clock.js';
import { isUniqueViolation } from '../../../lib/is-unique-violation.js';
import { hashPassword } from '../../../lib/password-hash.js';
import { ok } from '../../../lib/reply.js';
import { limitSignupAttempt } from '../../auth/auth-rate-limits.js';
import { toUserDto } from '../../auth/to-user-dto.js';
import { findUserByEmail, findUserByUsername, insertUser } from '../../auth/users.repository.js';

export const signupRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account with email and password',
        body: signupBodySchema,
        response: { 201: successEnvelope(userResultSchema) },
      },
    },
    async (request, reply) => {
      const { username, email, password } = request.body;
      await limitSignupAttempt(app, request, email);

      if (await findUserByUsername(app.db, username)) {
        throw new AppError(409, 'CONFLICT', errorMessages.usernameTaken);
      }
      if (await findUserByEmail(app.db, email)) {
        throw new AppError(409, 'CONFLICT', errorMessages.emailTaken);
      }

      const now = nowIso();
      try {
        const user = await insertUser(app.db, {
          id: randomUUID(),
          username,
          email,
          password_hash: await hashPassword(password, app.config.passwordHashCost),
          display_name: username,
          avatar_url: null,
          github_id: null,
          github_login: null,
          created_at: now,
          updated_at: now,
          last_login_at: null,
        });
        return reply.code(201).send(ok({ user: toUserDto(user) }));
      } catch (error) {
        // Two signups racing past the checks above: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError(409, 'CONFLICT', errorMessages.emailTaken);
        throw error;
      }
    },
  );
};
