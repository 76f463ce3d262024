import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { reposQuerySchema, reposResultSchema } from '@shipdeck/shared/github';
import { paginate } from '@shipdeck/shared/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../../plugins/authenticate.js';
import { callGithub } from '../github-errors.js';
import { githubClientFor } from '../github-client.js';
import { listAllRepositories } from '../list-repositories.js';
import { selectRepositories } from '../select-repositories.js';

export const repositoriesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/repos',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary: 'Your repositories: search, filter and sort over all of them, then one page',
        security: [{ bearerAuth: [] }],
        querystring: reposQuerySchema,
        response: { 200: successEnvelope(reposResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { page, perPage, q, filter, sort } = request.query;
      const octokit = await githubClientFor(app, user);
      const all = await callGithub(() => listAllRepositories(octokit, app.db, user.id));
      const selected = selectRepositories(all, { q, filter, sort });
      const start = (page - 1) * perPage;
      return ok({
        repositories: selected.slice(start, start + perPage),
        pagination: paginate(page, perPage, selected.length),
      });
    },
  );
};
