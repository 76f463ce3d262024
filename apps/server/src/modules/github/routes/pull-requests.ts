import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { pullRequestsQuerySchema, pullsResultSchema } from '@shipdeck/shared/github';
import { paginate } from '@shipdeck/shared/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../../plugins/authenticate.js';
import { callGithub } from '../github-errors.js';
import { githubClientFor } from '../github-client.js';
import { searchItemToPullRequest } from '../github-mappers.js';
import { pullRequestSearchQuery, SEARCH_RESULT_CAP } from '../pull-request-search.js';

export const pullRequestsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pull-requests',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary:
          'Pull requests across all your repositories (authored, review requested, assigned) in one search call',
        security: [{ bearerAuth: [] }],
        querystring: pullRequestsQuerySchema,
        response: { 200: successEnvelope(pullsResultSchema) },
      },
    },
    async (request) => {
      const { page, perPage, q, filter, sort } = request.query;
      const reachable = Math.ceil(SEARCH_RESULT_CAP / perPage);
      if (page > reachable) {
        return ok({ pullRequests: [], pagination: paginate(page, perPage, SEARCH_RESULT_CAP) });
      }
      const octokit = await githubClientFor(app, requireAuth(request).user);
      const { data } = await callGithub(() =>
        octokit.rest.search.issuesAndPullRequests({
          q: pullRequestSearchQuery(filter, q),
          sort,
          order: 'desc',
          page,
          per_page: perPage,
        }),
      );
      return ok({
        pullRequests: data.items.map(searchItemToPullRequest),
        pagination: paginate(page, perPage, Math.min(data.total_count, SEARCH_RESULT_CAP)),
      });
    },
  );
};
