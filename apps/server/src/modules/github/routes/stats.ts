import { ACTIVITY_WINDOW_DAYS } from '@shipdeck/shared/constants';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import {
  activityQuerySchema,
  activityResultSchema,
  statsResultSchema,
} from '@shipdeck/shared/github';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DAY_MS } from '../../../lib/clock.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../../plugins/authenticate.js';
import { computeStats } from '../compute-stats.js';
import { countRecentCommits } from '../count-recent-commits.js';
import { callGithub } from '../github-errors.js';
import { githubClientFor } from '../github-client.js';
import { listAllRepositories } from '../list-repositories.js';
import { recentlyPushed } from '../recently-pushed.js';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/stats',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary:
          'Totals for the stat cards; totalCommits counts your commits since the start of the day 30 days ago in your most recently pushed repositories (null when GitHub could not tell)',
        security,
        response: { 200: successEnvelope(statsResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const octokit = await githubClientFor(app, user);
      const repositories = await callGithub(() => listAllRepositories(octokit, app.db, user.id));
      // Whole days: the upstream URLs (and so their cache keys and ETags) stay the same all day,
      // instead of a new never-read-again entry per call.
      const since = new Date(
        Math.floor(Date.now() / DAY_MS) * DAY_MS - ACTIVITY_WINDOW_DAYS * DAY_MS,
      );
      const commits = await countRecentCommits(
        octokit,
        repositories,
        user.github_login ?? '',
        since,
      );
      return ok(computeStats(repositories, commits));
    },
  );

  app.get(
    '/activity',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary: 'Repositories pushed to within the last `days` days (default 30)',
        security,
        querystring: activityQuerySchema,
        response: { 200: successEnvelope(activityResultSchema) },
      },
    },
    async (request) => {
      const { days } = request.query;
      const { user } = requireAuth(request);
      const octokit = await githubClientFor(app, user);
      const repositories = await callGithub(() => listAllRepositories(octokit, app.db, user.id));
      const active = recentlyPushed(repositories, new Date(Date.now() - days * DAY_MS));
      return ok({
        stats: { days, activeRepos: active.length, totalRepos: repositories.length },
        repositories: active,
      });
    },
  );
};
