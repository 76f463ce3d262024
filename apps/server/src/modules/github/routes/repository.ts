import { RequestError } from '@octokit/request-error';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import {
  branchesResultSchema,
  commitsQuerySchema,
  commitsResultSchema,
  languagesResultSchema,
  pullsQuerySchema,
  pullsResultSchema,
  repoParamsSchema,
  repositoryResultSchema,
} from '@shipdeck/shared/github';
import { paginate } from '@shipdeck/shared/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../../plugins/authenticate.js';
import { callGithub, toAppError } from '../github-errors.js';
import { githubClientFor } from '../github-client.js';
import { toCommit, toPullRequest, toRepository } from '../github-mappers.js';
import { paginationFromLink } from '../link-pagination.js';

export const repositoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/repos/:owner/:repo',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary: 'One repository (404 when it does not exist or the token cannot see it)',
        security,
        params: repoParamsSchema,
        response: { 200: successEnvelope(repositoryResultSchema) },
      },
    },
    async (request) => {
      const octokit = await githubClientFor(app, requireAuth(request).user);
      const { data } = await callGithub(() => octokit.rest.repos.get(request.params));
      return ok({ repository: toRepository(data) });
    },
  );

  app.get(
    '/repos/:owner/:repo/commits',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary: 'Commits on the default branch (or `sha`), newest first',
        security,
        params: repoParamsSchema,
        querystring: commitsQuerySchema,
        response: { 200: successEnvelope(commitsResultSchema) },
      },
    },
    async (request) => {
      const octokit = await githubClientFor(app, requireAuth(request).user);
      const { page, perPage, sha } = request.query;
      try {
        const { data, headers } = await octokit.rest.repos.listCommits({
          ...request.params,
          page,
          per_page: perPage,
          ...(sha ? { sha } : {}),
        });
        return ok({
          commits: data.map(toCommit),
          pagination: paginationFromLink(headers.link, page, perPage, data.length),
        });
      } catch (error) {
        // GitHub answers 409 for a repository with no commits yet: that is an empty list.
        if (error instanceof RequestError && error.status === 409) {
          return ok({ commits: [], pagination: paginate(page, perPage, 0) });
        }
        throw toAppError(error);
      }
    },
  );

  app.get(
    '/repos/:owner/:repo/pulls',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary: 'Pull requests of one repository; state defaults to all',
        security,
        params: repoParamsSchema,
        querystring: pullsQuerySchema,
        response: { 200: successEnvelope(pullsResultSchema) },
      },
    },
    async (request) => {
      const octokit = await githubClientFor(app, requireAuth(request).user);
      const { page, perPage, state } = request.query;
      const { owner, repo } = request.params;
      const { data, headers } = await callGithub(() =>
        octokit.rest.pulls.list({
          owner,
          repo,
          state,
          sort: 'updated',
          direction: 'desc',
          page,
          per_page: perPage,
        }),
      );
      return ok({
        pullRequests: data.map((pull) => toPullRequest(pull, `${owner}/${repo}`)),
        pagination: paginationFromLink(headers.link, page, perPage, data.length),
      });
    },
  );

  app.get(
    '/repos/:owner/:repo/branches',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary: 'Every branch with its head commit and protection',
        security,
        params: repoParamsSchema,
        response: { 200: successEnvelope(branchesResultSchema) },
      },
    },
    async (request) => {
      const octokit = await githubClientFor(app, requireAuth(request).user);
      const branches = await callGithub(() =>
        octokit.paginate(octokit.rest.repos.listBranches, { ...request.params, per_page: 100 }),
      );
      return ok({
        branches: branches.map((branch) => ({
          name: branch.name,
          sha: branch.commit.sha,
          protected: branch.protected,
        })),
      });
    },
  );

  app.get(
    '/repos/:owner/:repo/languages',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary: 'Languages by bytes of code, largest first, with their share',
        security,
        params: repoParamsSchema,
        response: { 200: successEnvelope(languagesResultSchema) },
      },
    },
    async (request) => {
      const octokit = await githubClientFor(app, requireAuth(request).user);
      const { data } = await callGithub(() => octokit.rest.repos.listLanguages(request.params));
      const total = Object.values(data).reduce((sum, bytes) => sum + bytes, 0);
      const languages = Object.entries(data)
        .map(([name, bytes]) => ({
          name,
          bytes,
          percent: total ? Math.round((bytes / total) * 1000) / 10 : 0,
        }))
        .sort((a, b) => b.bytes - a.bytes);
      return ok({ languages });
    },
  );
};
