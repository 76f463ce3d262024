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
import { findUserByEmail, findUserByUsername } from '../../auth/users.repository.js';
import { recordRequestAudit, userActor } from '../../audit/record-audit.js';
import { insertAdmittedUser } from '../../invitations/insert-admitted-user.js';
import type { SignupAdmission } from '../../invitations/signup-policy.js';
import { admitSignup, SignupRefused } from '../../invitations/signup-policy.js';

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
      const { username, email, password, invitation: invitationToken } = request.body;
      await limitSignupAttempt(app, request, email);
      const now = nowIso();
      let admission: SignupAdmission;
      try {
        admission = await admitSignup(app.db, app.config.signups, {
          email,
          invitation: invitationToken ? { token: invitationToken } : null,
          nowIso: now,
        });
      } catch (error) {
        if (error instanceof SignupRefused) {
          await recordRequestAudit(app.db, request, {
            action: 'signup.refused',
            target: { type: 'user', id: null, label: email },
            outcome: 'refused',
            details: { via: 'email', mode: app.config.signups.mode },
          });
        }
        throw error;
      }

      if (await findUserByUsername(app.db, username)) {
        throw new AppError(409, 'CONFLICT', errorMessages.usernameTaken);
      }
      if (await findUserByEmail(app.db, email)) {
        throw new AppError(409, 'CONFLICT', errorMessages.emailTaken);
      }

      try {
        const user = await insertAdmittedUser(
          app.db,
          {
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
            disabled_at: null,
          },
          admission,
        );
        if (admission.invitation) {
          await recordRequestAudit(app.db, request, {
            actor: userActor(user),
            action: 'signup.invitation',
            target: { type: 'invitation', id: admission.invitation.id, label: user.email },
            details: { role: user.role, invitedBy: admission.invitation.invited_by },
          });
        }
        return reply.code(201).send(ok({ user: toUserDto(user) }));
      } catch (error) {
        // Two signups racing past the checks above: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError(409, 'CONFLICT', errorMessages.emailTaken);
        throw error;
      }
    },
  );
};
