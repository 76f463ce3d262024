import { successEnvelope } from '@shipdeck/shared/api-envelope';
import {
  activityQuerySchema,
  activityResultSchema,
  statsResultSchema,
  syncResultSchema,
} from '@shipdeck/shared/github';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DAY_MS } from '../../../lib/clock.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { percentChange } from '../compute-stats.js';
import { currentFigures, snapshotMonthAgo } from '../../github-store/daily-snapshots.js';
import {
  commitsPerDay,
  pullRequestsPerDay,
  repositoriesPushedSince,
  repositoryTotals,
} from '../../github-store/github-reads.repository.js';
import { repositoryFromRow } from '../../github-store/store-to-dto.js';
import { syncedContext } from '../../github-sync/synced-answer.js';
import { keepAnswer, sendCachedAnswer } from '../../answer-cache/answer-cache-plugin.js';

// Stats count commits over the last 30 days: a kept answer drifts with the clock, so briefly.
const STATS_REUSE_MS = 60_000;

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/sync',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary:
          'How the background sync of your GitHub data stands (phase, done of total, last error)',
        security,
        response: { 200: successEnvelope(syncResultSchema) },
      },
    },
    async (request) => {
      const { status } = await syncedContext(app, requireAuth(request).user);
      return ok(status);
    },
  );

  app.get(
    '/stats',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary:
          'Totals for the stat cards from the synced store; changes compare with the daily snapshot of 30 days ago',
        security,
        response: { 200: successEnvelope(statsResultSchema) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { user } = auth;
      if (sendCachedAnswer(app, request, reply, auth)) return reply;
      const { login, status, reusableUntil } = await syncedContext(app, user);
      keepAnswer(request, auth, reusableUntil, STATS_REUSE_MS);
      const now = new Date();
      const figures = await currentFigures(app.db, user.id, login, now);
      const before = await snapshotMonthAgo(app.db, user.id, now);
      const change = (was: number | undefined, is: number) =>
        was === undefined ? null : percentChange(was, is);
      // Before the first successful sync the store holds no commits: that is unknown, not zero.
      const commitsKnown = status.syncedAt !== null;
      return ok({
        ...status,
        ...figures,
        totalCommits: commitsKnown ? figures.totalCommits : null,
        changes: {
          totalRepos: change(before?.total_repos, figures.totalRepos),
          totalCommits: commitsKnown ? change(before?.total_commits, figures.totalCommits) : null,
          openIssues: change(before?.open_issues, figures.openIssues),
          totalStars: change(before?.total_stars, figures.totalStars),
        },
      });
    },
  );

  app.get(
    '/activity',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['github'],
        summary:
          'Repositories pushed to within the last `days` days (default 30), and your commits and pull requests per day',
        security,
        querystring: activityQuerySchema,
        response: { 200: successEnvelope(activityResultSchema) },
      },
    },
    async (request) => {
      const { days } = request.query;
      const { user } = requireAuth(request);
      const { login, status } = await syncedContext(app, user);
      const today = new Date(new Date().toISOString().slice(0, 10));
      const first = new Date(today.getTime() - (days - 1) * DAY_MS);
      const since = first.toISOString();
      const [active, totals, commits, pulls] = await Promise.all([
        repositoriesPushedSince(
          app.db,
          user.id,
          new Date(Date.now() - days * DAY_MS).toISOString(),
        ),
        repositoryTotals(app.db, user.id),
        commitsPerDay(app.db, user.id, login, since),
        pullRequestsPerDay(app.db, user.id, since),
      ]);
      const daily = Array.from({ length: days }, (_, index) => {
        const date = new Date(first.getTime() + index * DAY_MS).toISOString().slice(0, 10);
        return { date, commits: commits.get(date) ?? 0, pullRequests: pulls.get(date) ?? 0 };
      });
      return ok({
        ...status,
        daily,
        stats: { days, activeRepos: active.length, totalRepos: totals.totalRepos },
        repositories: active.map(repositoryFromRow),
      });
    },
  );
};
