import { loginBodySchema, loginResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { nowIso } from '../../../lib/clock.js';
import { verifyAgainstDummy, verifyPassword } from '../../../lib/password-hash.js';
import { ok } from '../../../lib/reply.js';
import { limitLoginAttempt, recordLoginFailure } from '../../auth/auth-rate-limits.js';
import { setPageSessionCookie } from '../../auth/page-session-cookie.js';
import { issueSession } from '../../auth/session-service.js';
import { toUserDto } from '../../auth/to-user-dto.js';
import { vercelConnectionOf } from '../../vercel-store/vercel-connection-dto.js';
import { findUserByEmail, updateUser } from '../../auth/users.repository.js';
import { recordRequestAudit } from '../../audit/record-audit.js';
import { refuseDisabledSignIn } from '../../auth/refuse-disabled-sign-in.js';

export const loginRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; returns a bearer token',
        body: loginBodySchema,
        response: { 200: successEnvelope(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await limitLoginAttempt(app, request, email);

      const user = await findUserByEmail(app.db, email);
      const valid = user?.password_hash
        ? await verifyPassword(user.password_hash, password)
        : await verifyAgainstDummy(password, app.config.passwordHashCost);
      if (!user || !valid) {
        await recordLoginFailure(app, request, email);
        await recordRequestAudit(app.db, request, {
          action: 'signin.refused',
          target: { type: 'user', id: user?.id ?? null, label: email },
          outcome: 'refused',
          details: { via: 'password' },
        });
        // One answer for unknown email and wrong password, so accounts cannot be enumerated.
        throw new AppError(401, 'INVALID_CREDENTIALS', errorMessages.invalidCredentials);
      }

      // Only after the password proved it is theirs: no one learns an address is disabled.
      if (user.disabled_at) await refuseDisabledSignIn(app, request, user, 'password');

      const session = await issueSession(app.db, user.id, app.config.sessionTtlDays);
      setPageSessionCookie(app, reply, session);
      const updated = await updateUser(app.db, user.id, { last_login_at: nowIso() });
      return ok({
        ...session,
        user: toUserDto(updated, await vercelConnectionOf(app, updated)),
      });
    },
  );
};
