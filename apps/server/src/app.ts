import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.js';
import type { DatabaseHandle } from './db/database.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { redactUrl } from './lib/redact-url.js';
import { accountRoute } from './modules/auth/routes/account.js';
import { loginRoute } from './modules/auth/routes/login.js';
import { passwordRoute } from './modules/auth/routes/password.js';
import { profileRoutes } from './modules/auth/routes/profile.js';
import { sessionRoutes } from './modules/auth/routes/session.js';
import { signupRoute } from './modules/auth/routes/signup.js';
import { statsRoute } from './modules/auth/routes/stats.js';
import { githubLinkRoutes } from './modules/github-auth/routes/github-link.js';
import { githubSignInRoutes } from './modules/github-auth/routes/github-sign-in.js';
import { pullRequestsRoute } from './modules/github/routes/pull-requests.js';
import { repositoriesRoute } from './modules/github/routes/repositories.js';
import { repositoryRoutes } from './modules/github/routes/repository.js';
import { statsRoutes } from './modules/github/routes/stats.js';
import { metaRoute } from './modules/meta/meta-route.js';
import { healthRoute } from './modules/health/health-route.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { appContextPlugin } from './plugins/app-context.js';
import { authenticatePlugin } from './plugins/authenticate.js';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWebApp } from './plugins/web-app.js';

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
    frameworkErrors: answerFrameworkError,
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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  if (!config.encryptionKey) throw new Error('buildApp needs config.encryptionKey');
  const ownsDatabase = !database;
  const handle = database ?? createDatabase(config.database);
  await migrateToLatest(handle.db);
  if (ownsDatabase) app.addHook('onClose', () => handle.destroy());

  await app.register(appContextPlugin, {
    config,
    database: handle,
    encryptionKey: config.encryptionKey,
  });
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await registerApiDocs(app);
  await app.register(authenticatePlugin);

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
    },
    { prefix: '/auth' },
  );

  await app.register(
    async (github) => {
      await github.register(repositoriesRoute);
      await github.register(repositoryRoutes);
      await github.register(pullRequestsRoute);
      await github.register(statsRoutes);
    },
    { prefix: '/api/github' },
  );

  await registerWebApp(app);
  return app;
}
