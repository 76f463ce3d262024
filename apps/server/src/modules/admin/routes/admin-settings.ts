import { adminSettingsBodySchema, adminSettingsSchema } from '@shipdeck/shared/admin';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { recordAudit } from '../../audit/record-audit.js';
import {
  readServerVercelAccess,
  writeServerVercelAccess,
} from '../../instance-settings/instance-settings.repository.js';
import { enforceServerVercelAccess } from '../../vercel/enforce-server-vercel-access.js';
import { administratorOf } from '../administrator-of.js';

export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const current = async () => ({
    serverVercelAccess: await readServerVercelAccess(app.db, app.config.demoMode),
    serverVercelAccount: app.config.vercel.serverToken !== null,
  });

  app.get(
    '/settings',
    {
      schema: {
        tags: ['admin'],
        summary: "Instance settings: what members may do with the server's Vercel account",
        security,
        response: { 200: successEnvelope(adminSettingsSchema) },
      },
    },
    async (request) => {
      administratorOf(request);
      return ok(await current());
    },
  );

  app.put(
    '/settings',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Change instance settings at once, without a restart; members' server-account connections follow",
        security,
        body: adminSettingsBodySchema,
        response: { 200: successEnvelope(adminSettingsSchema) },
      },
    },
    async (request) => {
      const by = administratorOf(request);
      const before = await readServerVercelAccess(app.db, app.config.demoMode);
      const after = request.body.serverVercelAccess;
      if (before !== after) {
        await writeServerVercelAccess(app.db, after);
        await recordAudit(app.db, {
          actor: by.actor,
          action: 'settings.changed',
          target: { type: 'settings', id: 'serverVercelAccess', label: "Server's Vercel account" },
          ip: by.ip,
          details: { setting: 'serverVercelAccess', from: before, to: after },
        });
        await enforceServerVercelAccess(app, by.actor, by.ip);
      }
      return ok(await current());
    },
  );
};
