import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { metaSchema } from '@shipdeck/shared/meta';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appVersion } from '../../lib/app-version.js';
import { ok } from '../../lib/reply.js';
import { instanceHasOwner } from '../instance-settings/instance-settings.repository.js';

export const metaRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/meta',
    {
      schema: {
        tags: ['meta'],
        summary: 'Public facts about this installation: demo mode, GitHub sign-in, version',
        response: { 200: successEnvelope(metaSchema) },
      },
    },
    async () =>
      ok({
        demoMode: app.config.demoMode,
        githubSignIn: app.config.github.oauth !== null,
        githubWebUrl: app.config.github.webUrl,
        version: appVersion,
        // The mode in effect: an instance with no accounts yet admits its first (the owner).
        signups: (await instanceHasOwner(app.db)) ? app.config.signups.mode : 'open',
        signupEmailDomains: app.config.signups.emailDomains,
        mail: app.config.mail !== null,
      }),
  );
};
