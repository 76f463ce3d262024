import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { doraQuerySchema } from '@shipdeck/shared/insights';
import type { InsightsWindow } from '@shipdeck/shared/insights-constants';
import { errorMessages } from '@shipdeck/shared/messages';
import {
  reviewLoadResultSchema,
  teamDetailResultSchema,
  teamDoraResultSchema,
  teamParamsSchema,
  teamPullRequestsQuerySchema,
  teamPullRequestsResultSchema,
  teamsResultSchema,
} from '@shipdeck/shared/teams';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../lib/app-error.js';
import { DAY_MS } from '../../../lib/clock.js';
import { ok } from '../../../lib/reply.js';
import { keepAnswer, sendCachedAnswer } from '../../answer-cache/answer-cache-plugin.js';
import { requireAuth } from '../../auth/authenticate.js';
import { findProviderToken } from '../../connections/provider-tokens.repository.js';
import { requestGithubTeamsSync } from '../../github-sync/request-github-sync.js';
import { computeDora } from '../../insights/compute-dora.js';
import type { DoraLoader } from '../../insights/dora-loader.js';
import { trendBucketFor, windowEndingAt } from '../../insights/dora-window.js';
import { reviewLoad } from '../review-load.js';
import { listTeamPullRequests, requestsOfRow } from '../team-pull-requests.js';
import { teamSummaries } from '../team-summaries.js';
import {
  findViewerTeam,
  listViewerTeams,
  openTeamPullRows,
  teamMemberRows,
  teamRepositoryRows,
  teamSyncOf,
  type ViewerTeam,
} from '../teams.repository.js';
import { teamProjectIds } from '../team-projects.js';

/** History before the window that still matters, as `/api/insights/dora` loads it. */
const LOOKBACK_MS = 90 * DAY_MS;

const teamNotFound = (): AppError => new AppError(404, 'NOT_FOUND', errorMessages.teamNotFound);

async function viewerTeamOr404(
  db: Db,
  userId: string,
  params: { org: string; slug: string },
): Promise<ViewerTeam> {
  const team = await findViewerTeam(db, userId, params.org, params.slug);
  // Anyone GitHub does not list the team for gets the answer for a team that does not exist.
  if (!team) throw teamNotFound();
  return team;
}

/**
 * Answers are kept for the person's store version (a sync that writes their teams, pull requests
 * or reviews moves it on), and at most a minute, since staleness filters and review-load windows
 * move with the clock.
 */
const ANSWER_TTL_MS = 60_000;

/** `/api/teams/*`: the teams GitHub lists for the viewer's own token, all read from the store. */
export const teamRoutes: FastifyPluginAsyncZod<{ loader: DoraLoader }> = async (app, options) => {
  const security = [{ bearerAuth: [] }];
  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['teams'],
        summary: 'Your GitHub teams, with how many open pull requests wait on whom',
        security,
        response: { 200: successEnvelope(teamsResultSchema) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (sendCachedAnswer(app, request, reply, auth)) return reply;
      keepAnswer(request, auth, null, ANSWER_TTL_MS);
      const { user } = auth;
      const [teams, sync] = await Promise.all([
        listViewerTeams(app.db, user.id),
        teamSyncOf(app.db, user.id),
      ]);
      // A connected account whose teams were never read (connected before team mode, or its
      // first team pass still to come) gets the pass queued; the answer does not wait for it.
      if (!sync && user.github_login && (await findProviderToken(app.db, user.id, 'github'))) {
        await requestGithubTeamsSync(app, user.id);
        request.answerSlot = null;
      }
      return ok({
        teams: await teamSummaries(app.db, user.id, teams),
        notice: sync?.notice ?? null,
        syncedAt: sync?.synced_at ?? null,
      });
    },
  );

  app.get(
    '/:org/:slug',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['teams'],
        summary: "A team's members and the repositories of it you can read",
        security,
        params: teamParamsSchema,
        response: { 200: successEnvelope(teamDetailResultSchema) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (sendCachedAnswer(app, request, reply, auth)) return reply;
      keepAnswer(request, auth, null, ANSWER_TTL_MS);
      const { user } = auth;
      const team = await viewerTeamOr404(app.db, user.id, request.params);
      const [[summary], members, repositories] = await Promise.all([
        teamSummaries(app.db, user.id, [team]),
        teamMemberRows(app.db, [team.id]),
        teamRepositoryRows(app.db, user.id, [team.id]),
      ]);
      if (!summary) throw teamNotFound();
      return ok({
        team: summary,
        members: members.map((member) => ({
          login: member.login,
          avatarUrl: member.avatarUrl,
          hasAccount: member.userId !== null,
        })),
        repositories: repositories.map(({ fullName, private: isPrivate, htmlUrl }) => ({
          fullName,
          private: isPrivate,
          htmlUrl,
        })),
        syncedAt: team.syncedAt,
      });
    },
  );

  app.get(
    '/:org/:slug/pull-requests',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['teams'],
        summary: "The team's open pull requests, grouped by who they wait on",
        security,
        params: teamParamsSchema,
        querystring: teamPullRequestsQuerySchema,
        response: { 200: successEnvelope(teamPullRequestsResultSchema) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (sendCachedAnswer(app, request, reply, auth)) return reply;
      keepAnswer(request, auth, null, ANSWER_TTL_MS);
      const { user } = auth;
      const result = await listTeamPullRequests(
        app.db,
        user.id,
        request.params.org,
        request.params.slug,
        request.query,
      );
      if (!result) throw teamNotFound();
      return ok(result);
    },
  );

  app.get(
    '/:org/:slug/review-load',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['teams'],
        summary: "Each member's open review requests, reviews given and time to first review",
        security,
        params: teamParamsSchema,
        response: { 200: successEnvelope(reviewLoadResultSchema) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (sendCachedAnswer(app, request, reply, auth)) return reply;
      keepAnswer(request, auth, null, ANSWER_TTL_MS);
      const { user } = auth;
      const team = await viewerTeamOr404(app.db, user.id, request.params);
      const pulls = (await openTeamPullRows(app.db, user.id, [team.id])).map(requestsOfRow);
      return ok({
        members: await reviewLoad(app.db, user.id, team, pulls),
        syncedAt: team.syncedAt,
      });
    },
  );

  app.get(
    '/:org/:slug/dora',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['teams'],
        summary:
          "DORA's four keys over the Vercel projects linked to the team's repositories, as /insights computes them",
        security,
        params: teamParamsSchema,
        querystring: doraQuerySchema.pick({ days: true }),
        response: { 200: successEnvelope(teamDoraResultSchema) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (sendCachedAnswer(app, request, reply, auth)) return reply;
      keepAnswer(request, auth, null, ANSWER_TTL_MS);
      const { user } = auth;
      const team = await viewerTeamOr404(app.db, user.id, request.params);
      const days = request.query.days as InsightsWindow;
      const window = windowEndingAt(Date.now(), days);
      const [history, projects] = await Promise.all([
        options.loader.load(app, { userId: user.id, repo: null, since: window.from - LOOKBACK_MS }),
        teamProjectIds(app.db, user.id, team),
      ]);
      const deployments = history.deployments.filter((d) => projects.ids.has(d.projectId));
      const changes = history.changes.filter((c) => projects.ids.has(c.projectId));
      return ok({
        days,
        repo: null,
        from: new Date(window.from).toISOString(),
        to: new Date(window.to).toISOString(),
        bucket: trendBucketFor(window),
        hasDeploymentData: deployments.some((deployment) => deployment.production),
        repositories: history.repositories.filter((name) =>
          projects.repositories.has(name.toLowerCase()),
        ),
        metrics: computeDora(deployments, changes, window),
        syncedAt: history.syncedAt,
      });
    },
  );
};
