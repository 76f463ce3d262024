import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.js';
import type { DatabaseHandle } from './db/database.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { waitForPostgres } from './db/wait-for-postgres.js';
import { createJobQueue } from './jobs/create-job-queue.js';
import { redactUrl } from './lib/redact-url.js';
import { accountRoute } from './modules/account/routes/account.js';
import { loginRoute } from './modules/account/routes/login.js';
import { passwordRoute } from './modules/account/routes/password.js';
import { profileRoutes } from './modules/account/routes/profile.js';
import { sessionRoutes } from './modules/account/routes/session.js';
import { signupRoute } from './modules/account/routes/signup.js';
import { statsRoute } from './modules/account/routes/stats.js';
import { githubLinkRoutes } from './modules/github-auth/routes/github-link.js';
import { githubSignInRoutes } from './modules/github-auth/routes/github-sign-in.js';
import { oauthExchangeRoute } from './modules/github-auth/routes/oauth-exchange.js';
import { githubTokenRoutes } from './modules/github-auth/routes/github-token.js';
import { pullRequestsRoute } from './modules/github/routes/pull-requests.js';
import { repositoriesRoute } from './modules/github/routes/repositories.js';
import { repositoryRoutes } from './modules/github/routes/repository.js';
import { commitLiveRoute } from './modules/github/routes/commit-live.js';
import { statsRoutes } from './modules/github/routes/stats.js';
import { rateLimitRoute } from './modules/github/routes/rate-limit.js';
import { reviewAndRerunRoutes } from './modules/pull-request-actions/routes/review-and-rerun-routes.js';
import { mergeRoutes } from './modules/pull-request-actions/routes/merge-routes.js';
import { registerGithubSyncJobs } from './modules/github-sync/request-github-sync.js';
import { eventStreamRoute } from './modules/events/routes/event-stream.js';
import { eventTicketRoute } from './modules/events/routes/event-ticket.js';
import { liveEventsPlugin } from './modules/events/live-events-plugin.js';
import { inboxRoutes } from './modules/github-inbox/routes/inbox.js';
import { registerGithubInboxJobs } from './modules/github-inbox/inbox-jobs.js';
import { searchRoute } from './modules/search/routes/search.js';
import { registerWebhookJobs } from './modules/webhooks/enqueue-webhook-apply.js';
import { registerPruneJobs } from './modules/retention/prune-jobs.js';
import { webhooksRoutes } from './modules/webhooks/routes/webhooks.js';
import { syncedDoraLoader } from './modules/insights/synced-dora-loader.js';
import { doraRoute } from './modules/insights/routes/dora.js';
import { etasRoute } from './modules/insights/routes/etas.js';
import { teamRoutes } from './modules/teams/routes/teams.js';
import { teamReminderRoutes } from './modules/team-reminders/routes/team-reminders.js';
import { registerReminderJobs } from './modules/team-reminders/reminder-jobs.js';
import { metaRoute } from './modules/meta/meta-route.js';
import { registerVercelSyncJobs } from './modules/vercel/vercel-sync-jobs.js';
import { registerVercelAliasOutcomeJobs } from './modules/vercel/vercel-alias-outcome.js';
import { vercelActionRoutes } from './modules/vercel/routes/vercel-actions.js';
import { vercelConnectRoutes } from './modules/vercel/routes/vercel-connect.js';
import { vercelDeploymentRoutes } from './modules/vercel/routes/vercel-deployments.js';
import { vercelSyncStatusRoute } from './modules/vercel/routes/vercel-sync-status.js';
import { vercelProjectRoutes } from './modules/vercel/routes/vercel-projects.js';
import { adminAuditRoutes } from './modules/admin/routes/admin-audit.js';
import { adminInvitationRoutes } from './modules/admin/routes/admin-invitations.js';
import { adminSettingsRoutes } from './modules/admin/routes/admin-settings.js';
import { adminUserRoutes } from './modules/admin/routes/admin-users.js';
import { requireAdmin } from './modules/auth/require-admin.js';
import { invitationPreviewRoute } from './modules/invitations/routes/invitation-preview.js';
import { passwordResetRoutes } from './modules/password-reset/routes/password-reset.js';
import { passwordResetRequestRoute } from './modules/password-reset/routes/password-reset-request.js';
import { registerPasswordResetRequestJobs } from './modules/password-reset/request-password-reset.js';
import { SYSTEM_ACTOR } from './modules/audit/record-audit.js';
import { enforceServerVercelAccess } from './modules/vercel/enforce-server-vercel-access.js';
import { healthRoute } from './modules/health/health-route.js';
import { mailPlugin } from './modules/mail/mail-plugin.js';
import { testEmailRoute } from './modules/mail/routes/test-email.js';
import { unsubscribeRoutes } from './modules/mail/unsubscribe/routes/unsubscribe.js';
import { registerDigestJobs } from './modules/digest/digest-jobs.js';
import {
  emailChangeAccountRoutes,
  emailChangeConfirmRoute,
} from './modules/mail/email-change/routes/email-change.js';
import { metricsPlugin } from './modules/metrics/metrics-plugin.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { appContextPlugin } from './plugins/app-context.js';
import { authenticatePlugin } from './modules/auth/authenticate.js';
import { answerCachePlugin } from './modules/answer-cache/answer-cache-plugin.js';
import { nulSafeValidatorCompiler } from './plugins/nul-safe-validator.js';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWebApp } from './plugins/web-app.js';
import { isInProcessPageRequest } from './plugins/in-process-page-requests.js';

export interface BuildAppOptions {
  config: AppConfig;
  /** Tests pass their own database; otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  /** Sees every route as it is registered; tests derive requests from the routes' schemas. */
  onRoute?: (route: RouteOptions) => void;
  /** Where the log goes instead of stdout; tests read it back. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp({
  config,
  database,
  onRoute,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Node's defaults let a client trickle a body forever (requestTimeout 0); each such client
    // holds a file descriptor until the process runs out and stops answering everyone.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      maxHeaderSize: config.http.maxHeaderSize,
      // Node checks those deadlines this often (30 s by default): cut slow clients within seconds.
      connectionsCheckingInterval: Math.min(1_000, config.http.headersTimeoutMs),
    },
    frameworkErrors: answerFrameworkError,
    // Leaves out a drawn page's own API requests: the page request is logged, and a request that
    // fails still logs its error (error-handler.ts).
    logController: new LogController({ disableRequestLogging: isInProcessPageRequest }),
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-hub-signature-256"]',
      ],
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', (route) => onRoute(route as RouteOptions));
  app.setValidatorCompiler(nulSafeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  if (!config.encryptionKey) throw new Error('buildApp needs config.encryptionKey');
  const ownsDatabase = !database;
  // A PostgreSQL started beside the server (compose) may not accept connections yet.
  if (ownsDatabase && config.database.dialect === 'postgres') {
    await waitForPostgres(config.database.connectionString, { log: app.log });
  }
  const handle = database ?? createDatabase(config.database);
  await migrateToLatest(
    handle.db,
    handle.config.dialect === 'postgres' ? handle.config.schema : undefined,
  );
  const jobs = createJobQueue(handle, config.jobs, app.log);
  // One hook, so running jobs finish before the database they write to closes.
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (ownsDatabase) await handle.destroy();
  });

  await app.register(appContextPlugin, {
    config,
    database: handle,
    encryptionKey: config.encryptionKey,
    jobs,
  });
  registerErrorHandler(app);
  // Before every route, so its onResponse hook counts them all.
  await app.register(metricsPlugin);
  await registerGithubSyncJobs(app);
  // Only the OAuth browser binding uses a cookie; sessions stay bearer tokens.
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app);
  await registerApiDocs(app);
  await app.register(liveEventsPlugin);
  await app.register(authenticatePlugin);
  await app.register(answerCachePlugin);
  // Before the routes that queue mail (sign-in help, invitations, notifications).
  await app.register(mailPlugin);

  await app.register(healthRoute);
  await app.register(metaRoute);
  await app.register(
    async (auth) => {
      await auth.register(signupRoute);
      await auth.register(loginRoute);
      await auth.register(sessionRoutes);
      await auth.register(statsRoute);
      await auth.register(profileRoutes);
      await auth.register(passwordRoute);
      await auth.register(accountRoute);
      await auth.register(githubSignInRoutes);
      await auth.register(githubLinkRoutes);
      await auth.register(vercelConnectRoutes);
      await auth.register(oauthExchangeRoute);
      await auth.register(githubTokenRoutes);
      await auth.register(invitationPreviewRoute);
      await auth.register(passwordResetRoutes);
      await auth.register(passwordResetRequestRoute);
      await auth.register(emailChangeConfirmRoute);
    },
    { prefix: '/auth' },
  );

  await app.register(
    async (admin) => {
      // Both before the body is read: a member learns nothing from /api/admin but 403.
      admin.addHook('onRequest', app.authenticate);
      admin.addHook('onRequest', async (request) => {
        requireAdmin(request);
      });
      await admin.register(adminUserRoutes);
      await admin.register(adminInvitationRoutes);
      await admin.register(adminSettingsRoutes);
      await admin.register(adminAuditRoutes);
    },
    { prefix: '/api/admin' },
  );

  await app.register(
    async (github) => {
      await github.register(repositoriesRoute);
      await github.register(repositoryRoutes);
      await github.register(commitLiveRoute);
      await github.register(pullRequestsRoute);
      await github.register(statsRoutes);
      await github.register(rateLimitRoute);
      await github.register(reviewAndRerunRoutes);
      await github.register(mergeRoutes);
    },
    { prefix: '/api/github' },
  );
  await app.register(doraRoute, { prefix: '/api/insights', loader: syncedDoraLoader });
  await app.register(etasRoute, { prefix: '/api/insights' });
  await app.register(teamRoutes, { prefix: '/api/teams', loader: syncedDoraLoader });
  await app.register(teamReminderRoutes, { prefix: '/api/teams' });
  await registerReminderJobs(app);

  await app.register(
    async (vercel) => {
      await vercel.register(vercelProjectRoutes);
      await vercel.register(vercelDeploymentRoutes);
      await vercel.register(vercelActionRoutes);
      await vercel.register(vercelSyncStatusRoute);
    },
    { prefix: '/api/vercel' },
  );
  await registerVercelSyncJobs(app);
  await registerVercelAliasOutcomeJobs(app);
  await app.register(inboxRoutes, { prefix: '/api/notifications' });
  await registerGithubInboxJobs(app);
  await app.register(searchRoute, { prefix: '/api/search' });
  await app.register(testEmailRoute);
  await app.register(unsubscribeRoutes);
  await app.register(emailChangeAccountRoutes);
  await app.register(eventTicketRoute);
  await app.register(eventStreamRoute);
  await app.register(webhooksRoutes, { prefix: '/webhooks' });
  await registerWebhookJobs(app);
  await registerPruneJobs(app);
  await registerPasswordResetRequestJobs(app);
  await registerDigestJobs(app);

  // An upgraded instance's members may hold the server's Vercel account from before its setting
  // existed (default off): they lose it now, not when an admin first opens /admin.
  await enforceServerVercelAccess(app, SYSTEM_ACTOR, null);

  await registerWebApp(app);
  return app;
}
