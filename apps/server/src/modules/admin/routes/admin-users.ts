import {
  adminPasswordResetSchema,
  adminUserPatchBodySchema,
  PASSWORD_RESET_TTL_MINUTES,
  adminUserResultSchema,
  adminUsersResultSchema,
  userIdParamSchema,
} from '@shipdeck/shared/admin';
import { emptyResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { deleteAccount } from '../../account/delete-account.js';
import { recordAudit } from '../../audit/record-audit.js';
import { oneOffMailKey } from '../../mail/send-mail.js';
import { announceEvent } from '../../notifications/notify.js';
import { createPasswordReset } from '../../password-reset/create-password-reset.js';
import { administratorOf } from '../administrator-of.js';
import { listAdminUsers, toAdminUserDto } from '../admin-users.repository.js';
import {
  assertMayManage,
  changeUserRole,
  findUserOr404,
  setUserDisabled,
} from '../user-administration.js';

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every account: role, connections, created, last sign-in, disabled',
        security,
        response: { 200: successEnvelope(adminUsersResultSchema) },
      },
    },
    async () => ok({ users: await listAdminUsers(app.db) }),
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Change a role or disable an account (only owners touch owners and admins; the last owner stays)',
        security,
        params: userIdParamSchema,
        body: adminUserPatchBodySchema,
        response: { 200: successEnvelope(adminUserResultSchema) },
      },
    },
    async (request) => {
      const by = administratorOf(request);
      let user = await findUserOr404(app, request.params.id);
      const { role, disabled } = request.body;
      // Both checked before either applies: a refused half never lands.
      assertMayManage(by, user, role);
      if (role !== undefined) user = await changeUserRole(app, by, user, role);
      if (disabled !== undefined) {
        const wasDisabled = Boolean(user.disabled_at);
        user = await setUserDisabled(app, by, user, disabled);
        // Its open tabs learn at once, on whichever instance holds their event streams.
        if (disabled && !wasDisabled)
          await announceEvent(app, user.id, { type: 'session.revoked' });
      }
      const [dto] = await listAdminUsers(app.db, user.id);
      return ok({ user: dto ?? toAdminUserDto(user, null) });
    },
  );

  app.post(
    '/users/:id/password-reset',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Make a single-use link (one hour) that sets the account's password; mailed to it when mail is on",
        security,
        params: userIdParamSchema,
        response: { 201: successEnvelope(adminPasswordResetSchema) },
      },
    },
    async (request, reply) => {
      const by = administratorOf(request);
      const user = await findUserOr404(app, request.params.id);
      assertMayManage(by, user);
      const reset = await createPasswordReset(app.db, app.config.publicUrl, user.id);
      await recordAudit(app.db, {
        actor: by.actor,
        action: 'password.reset_link',
        target: { type: 'user', id: user.id, label: user.username },
        ip: by.ip,
        details: { expiresAt: reset.expiresAt, mailed: app.mail.enabled },
      });
      if (app.mail.enabled) {
        await app.mail.queue({
          key: oneOffMailKey('password-reset'),
          userId: user.id,
          to: user.email,
          payload: {
            kind: 'password-reset',
            username: user.username,
            url: reset.url,
            expiresInMinutes: PASSWORD_RESET_TTL_MINUTES,
          },
        });
      }
      return reply.code(201).send(ok({ ...reset, mailed: app.mail.enabled }));
    },
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete an account and everything it owns, as its own deletion does',
        security,
        params: userIdParamSchema,
        response: { 200: successEnvelope(emptyResultSchema) },
      },
    },
    async (request) => {
      const by = administratorOf(request);
      const user = await findUserOr404(app, request.params.id);
      assertMayManage(by, user);
      await deleteAccount(app, user);
      await recordAudit(app.db, {
        actor: by.actor,
        action: 'user.deleted',
        target: { type: 'user', id: null, label: user.username },
        ip: by.ip,
      });
      return ok({});
    },
  );
};
