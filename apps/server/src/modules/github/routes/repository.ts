import { RequestError } from '@octokit/request-error';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import {
  branchesResultSchema,
  commitsQuerySchema,
  commitsResultSchema,
  languagesResultSchema,
  pullsQuerySchema,
  repoParamsSchema,
  repositoryResultSchema,
} from '@shipdeck/shared/github';
import { shipPullsResultSchema } from '@shipdeck/shared/insights';
import { paginate } from '@shipdeck/shared/pagination';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { callGithub, toAppError } from '../../github-client/github-errors.js';
import { githubClientFor } from '../../github-client/github-client.js';
import { toCommit, toPullRequest, toRepository } from '../../github-client/github-mappers.js';
import { paginationFromLink } from '../../github-client/link-pagination.js';
import {
  findVisibleRepository,
  listRepositoryCommitRows,
  listRepositoryPullRows,
} from '../../github-store/github-reads.repository.js';
import { commitFromRow, repositoryFromRow } from '../../github-store/store-to-dto.js';
import { syncedContext } from '../../github-sync/synced-answer.js';
import { withShipStatus, withStoredShipStatus } from '../../ship-status/attach-ship-status.js';
import { findSyncState } from '../../connections/sync-state.repository.js';
import type { Db } from '../../../db/database.js';

/** A list the sync fetched at most one page of 100 from: more may exist upstream. */
const SYNCED_LIST_CAP = 100;

/** The synced repository row when `resource:<id>` of it has been synced for this user. */
async function syncedRepository(
  db: Db,
  userId: string,
  fullName: string,
  resource: 'commits' | 'pulls',
) {
  const repository = await findVisibleRepository(db, userId, fullName);
  if (!repository) return undefined;
  const state = await findSyncState(db, {
    userId,
    provider: 'github',
    resource: `${resource}:${Number(repository.id)}`,
  });
  return state?.last_success_at ? repository : undefined;
}

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
      const { user } = requireAuth(request);
      const { status } = await syncedContext(app, user);
      const { owner, repo } = request.params;
      const synced = await findVisibleRepository(app.db, user.id, `${owner}/${repo}`);
      if (synced) return ok({ ...status, repository: repositoryFromRow(synced) });
      // Once the user's repository list is synced, a repository missing from their access rows
      // is one they cannot see: 404 without asking GitHub.
      const listed = await findSyncState(app.db, {
        userId: user.id,
        provider: 'github',
        resource: 'repositories',
      });
      if (listed?.last_success_at)
        throw new AppError(404, 'NOT_FOUND', errorMessages.repositoryNotFound);
      const octokit = await githubClientFor(app, user);
      const { data } = await callGithub(() => octokit.rest.repos.get(request.params));
      return ok({ ...status, repository: toRepository(data) });
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
      const { user } = requireAuth(request);
      const { status } = await syncedContext(app, user);
      const { page, perPage, sha } = request.query;
      const { owner, repo } = request.params;
      const synced = sha
        ? undefined
        : await syncedRepository(app.db, user.id, `${owner}/${repo}`, 'commits');
      if (synced) {
        const { rows, total } = await listRepositoryCommitRows(app.db, Number(synced.id), {
          page,
          perPage,
        });
        if (page * perPage <= total || total < SYNCED_LIST_CAP) {
          const pagination = paginate(page, perPage, total);
          return ok({
            ...status,
            commits: rows.map(commitFromRow),
            pagination: { ...pagination, hasNext: pagination.hasNext || total >= SYNCED_LIST_CAP },
          });
        }
      }
      // Past the synced commits (or another branch): on demand through the conditional cache.
      const octokit = await githubClientFor(app, user);
      try {
        const { data, headers } = await octokit.rest.repos.listCommits({
          ...request.params,
          page,
          per_page: perPage,
          ...(sha ? { sha } : {}),
        });
        return ok({
          ...status,
          commits: data.map(toCommit),
          pagination: paginationFromLink(headers.link, page, perPage, data.length),
        });
      } catch (error) {
        // GitHub answers 409 for a repository with no commits yet: that is an empty list.
        if (error instanceof RequestError && error.status === 409) {
          return ok({ ...status, commits: [], pagination: paginate(page, perPage, 0) });
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
        summary:
          'Pull requests of one repository; state defaults to all. Synced items carry their ship status',
        security,
        params: repoParamsSchema,
        querystring: pullsQuerySchema,
        response: { 200: successEnvelope(shipPullsResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { status } = await syncedContext(app, user);
      const { page, perPage, state } = request.query;
      const { owner, repo } = request.params;
      const synced = await syncedRepository(app.db, user.id, `${owner}/${repo}`, 'pulls');
      if (synced && page * perPage <= SYNCED_LIST_CAP) {
        const { rows, total } = await listRepositoryPullRows(app.db, Number(synced.id), {
          state,
          page,
          perPage,
        });
        return ok({
          ...status,
          pullRequests: await withShipStatus(app.db, user.id, rows),
          pagination: paginate(page, perPage, total),
        });
      }
      const octokit = await githubClientFor(app, user);
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
        ...status,
        pullRequests: await withStoredShipStatus(
          app.db,
          user.id,
          data.map((pull) => ({
            pullRequest: toPullRequest(pull, `${owner}/${repo}`),
            headSha: pull.head.sha,
          })),
        ),
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
