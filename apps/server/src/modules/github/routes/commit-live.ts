import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { commitLiveParamsSchema, commitLiveResultSchema } from '@shipdeck/shared/commit-live';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { findCommitLive } from '../commit-live.js';

export const commitLiveRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/repos/:owner/:repo/commits/:sha/live',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary:
          'Whether production (a linked Vercel project) serves this commit or one that contains it',
        description:
          '`sha` is a full SHA or a prefix of at least 7 characters. Containment is read through GitHub’s compare API and stored per (commit, production commit) pair.',
        security: [{ bearerAuth: [] }],
        params: commitLiveParamsSchema,
        response: { 200: successEnvelope(commitLiveResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return ok(await findCommitLive(app, user, request.params));
    },
  );
};
