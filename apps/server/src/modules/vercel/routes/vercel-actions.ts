import { randomUUID } from 'node:crypto';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { errorMessages, vercelActionMessages } from '@shipdeck/shared/messages';
import {
  projectIdParamSchema,
  vercelActionResultSchema,
  vercelRedeployBodySchema,
  vercelRollbackBodySchema,
  type VercelActionKind,
} from '@shipdeck/shared/vercel-actions';
import { idParamSchema } from '@shipdeck/shared/vercel';
import { deploymentStateLabels, vercelMessages } from '@shipdeck/shared/vercel-constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { notify } from '../../notifications/notify.js';
import { ACTION_NOTIFICATION } from '../vercel-action-notifications.js';
import { requestAliasOutcome } from '../vercel-alias-outcome.js';
import { VercelApiError, type VercelClient } from '../../vercel-client/vercel-client.js';
import {
  previousReadyProduction,
  storeDeploymentState,
  storeRedeployment,
} from '../../vercel-store/vercel-actions.repository.js';
import { vercelClientFor } from '../vercel-credentials.js';
import type { UserRow } from '../../auth/users.table.js';
import { recordRequestAudit } from '../../audit/record-audit.js';
import { serverVercelRightOf } from '../../instance-settings/server-vercel-access.js';
import { findVercelConnection } from '../../vercel-store/vercel-connections.repository.js';
import { toDeploymentDto } from '../../vercel-store/vercel-dto.js';
import {
  findDeploymentRow,
  findProjectRow,
  productionDeploymentRows,
  type DeploymentRow,
  type ProjectRow,
} from '../../vercel-store/vercel-read.repository.js';
import { requestVercelProjectSync } from '../vercel-sync-jobs.js';

const UNFINISHED = new Set(['QUEUED', 'INITIALIZING', 'BUILDING']);

/** Vercel's refusal as an answer the user can act on. */
function actionError(error: unknown): unknown {
  if (!(error instanceof VercelApiError)) return error;
  switch (error.kind) {
    case 'invalid-token':
      return new AppError(403, 'FORBIDDEN', vercelActionMessages.reconnect);
    case 'forbidden':
      return new AppError(403, 'FORBIDDEN', vercelActionMessages.tokenScope);
    case 'not-found':
      return new AppError(404, 'NOT_FOUND', vercelMessages.deploymentNotFound);
    case 'rate-limited':
      return new AppError(429, 'RATE_LIMITED', vercelActionMessages.rateLimited, undefined, {
        'retry-after': String(error.retryAfterSeconds ?? 60),
      });
    case 'refused': {
      if (error.upstream?.status === 402)
        return new AppError(402, 'PLAN_LIMIT', vercelActionMessages.hobbyRollback);
      const detail = error.upstream?.message ?? `Vercel answered ${error.upstream?.status ?? ''}`;
      return new AppError(409, 'CONFLICT', `${vercelActionMessages.conflict} ${detail}`);
    }
    case 'unavailable':
      return new AppError(502, 'PROVIDER_ERROR', vercelActionMessages.unavailable);
  }
}

async function upstream<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw actionError(error);
  }
}

const shortSha = (row: DeploymentRow): string => row.commit_sha?.slice(0, 7) ?? row.id;

export const vercelActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const githubWebUrl = () => app.config.github.webUrl;

  /** Only what this user's own connection synced: anything else is 404, before any Vercel call. */
  const visibleDeployment = async (userId: string, id: string): Promise<DeploymentRow> => {
    const row = await findDeploymentRow(app.db, userId, id);
    if (!row) throw new AppError(404, 'NOT_FOUND', vercelMessages.deploymentNotFound);
    return row;
  };
  /**
   * The client to act with, through this person's own connection; one through the server's
   * account acts only while this person may (admins, or members under the `act` setting).
   */
  const clientFor = async (user: UserRow): Promise<VercelClient> => {
    const [client, connection] = await Promise.all([
      vercelClientFor(app, user.id),
      findVercelConnection(app.db, user.id),
    ]);
    if (!client || !connection)
      throw new AppError(409, 'CONFLICT', vercelActionMessages.notConnected);
    const server = connection.source === 'server';
    if (server) {
      const right = await serverVercelRightOf(app, user.role);
      if (right !== 'act') {
        throw new AppError(
          403,
          'FORBIDDEN',
          right === 'view' ? errorMessages.serverVercelViewOnly : errorMessages.serverVercelOff,
        );
      }
    }
    return client;
  };

  /**
   * Runs an action against Vercel and writes it to the audit log, whatever came of it: who, which
   * project and deployment, and whether the server's account was used.
   */
  const audited = async <T extends { data: { deployment: { id: string } } }>(
    request: FastifyRequest,
    action: VercelActionKind,
    subject: { project: string; deployment: DeploymentRow },
    run: (client: VercelClient) => Promise<T>,
  ): Promise<T> => {
    const { user } = requireAuth(request);
    const connection = await findVercelConnection(app.db, user.id);
    let reachedVercel = false;
    const record = (outcome: 'success' | 'refused' | 'failed', resultId?: string) =>
      recordRequestAudit(app.db, request, {
        action: `vercel.${action}`,
        target: {
          type: 'vercel-deployment',
          id: subject.deployment.id,
          label: `${subject.project} ${shortSha(subject.deployment)}`,
        },
        outcome,
        details: {
          project: subject.project,
          deployment: subject.deployment.id,
          serverAccount: connection?.source === 'server',
          ...(resultId && resultId !== subject.deployment.id ? { result: resultId } : {}),
        },
      });
    try {
      const client = await clientFor(user);
      reachedVercel = true;
      const result = await run(client);
      await record('success', result.data.deployment.id);
      return result;
    } catch (error) {
      await record(reachedVercel ? 'failed' : 'refused');
      throw error;
    }
  };

  const productionOf = async (userId: string, project: ProjectRow) =>
    (await productionDeploymentRows(app.db, userId, [project])).get(project.id);
  const projectOf = async (userId: string, row: DeploymentRow): Promise<ProjectRow> => {
    const project = await findProjectRow(app.db, userId, row.project_id);
    if (!project) throw new AppError(404, 'NOT_FOUND', vercelMessages.projectNotFound);
    return project;
  };
  const dto = async (userId: string, id: string) => {
    const row = await findDeploymentRow(app.db, userId, id);
    if (!row) throw new AppError(404, 'NOT_FOUND', vercelMessages.deploymentNotFound);
    return toDeploymentDto(row, githubWebUrl());
  };
  const announce = (
    instance: FastifyInstance,
    userId: string,
    action: VercelActionKind,
    title: string,
    deploymentId: string,
  ) =>
    notify(instance, userId, {
      type: ACTION_NOTIFICATION,
      title,
      message: `Requested from Shipdeck through your Vercel connection.`,
      severity: 'low',
      link: `/deployments/${deploymentId}`,
      // Every action is its own event: two redeploys of one commit are two notifications.
      dedupeKey: `vercel-action:${action}:${deploymentId}:${randomUUID()}`,
    });

  /**
   * Promote and rollback move production's alias: Vercel answers at once and moves it in the
   * background, so a durable job reads the outcome (`lastAliasRequest`) and the answer says so.
   */
  const moveProduction = async (move: {
    userId: string;
    action: 'promote' | 'rollback';
    project: ProjectRow;
    from: DeploymentRow | undefined;
    to: DeploymentRow;
    title: string;
    call: () => Promise<unknown>;
  }) => {
    const requestedAt = Date.now();
    await upstream(move.call);
    await requestAliasOutcome(app, {
      userId: move.userId,
      projectId: move.project.id,
      toDeploymentId: move.to.id,
      type: move.action,
      requestedAt,
    });
    await announce(app, move.userId, move.action, move.title, move.to.id);
    return {
      action: move.action,
      deployment: toDeploymentDto(move.to, githubWebUrl()),
      aliasJob: {
        projectId: move.project.id,
        fromDeploymentId: move.from?.id ?? null,
        toDeploymentId: move.to.id,
        status: 'pending' as const,
      },
    };
  };

  const schema = (summary: string) => ({
    tags: ['vercel'],
    summary,
    security,
    response: { 200: successEnvelope(vercelActionResultSchema) },
  });

  app.post(
    '/deployments/:id/redeploy',
    {
      onRequest: app.authenticate,
      schema: {
        ...schema('Builds the commit of a deployment again, as a new deployment'),
        params: idParamSchema,
        body: vercelRedeployBodySchema,
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const source = await visibleDeployment(user.id, request.params.id);
      const target = request.body?.target ?? source.target;
      return audited(
        request,
        'redeploy',
        { project: source.project_name, deployment: source },
        async (client) => {
          const created = await upstream(() =>
            client.redeploy(source.id, source.project_name, target),
          );
          await storeRedeployment(app.db, source, created, target);
          // The sync (and Vercel's webhooks) follow the new build from here.
          await requestVercelProjectSync(app, user.id, source.project_id);
          await announce(
            app,
            user.id,
            'redeploy',
            `${user.username} redeployed ${shortSha(source)} of ${source.project_name}${target === 'production' ? ' to production' : ''}`,
            created.id,
          );
          return ok({
            action: 'redeploy' as const,
            deployment: await dto(user.id, created.id),
            aliasJob: null,
          });
        },
      );
    },
  );

  app.post(
    '/deployments/:id/promote',
    {
      onRequest: app.authenticate,
      schema: {
        ...schema('Points production at a ready deployment (a preview is rebuilt for production)'),
        params: idParamSchema,
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const row = await visibleDeployment(user.id, request.params.id);
      if (row.state !== 'READY')
        throw new AppError(409, 'CONFLICT', vercelActionMessages.promoteNotReady);
      const project = await projectOf(user.id, row);
      const production = await productionOf(user.id, project);
      if (production?.id === row.id)
        throw new AppError(409, 'CONFLICT', vercelActionMessages.alreadyProduction);
      return audited(
        request,
        'promote',
        { project: project.name, deployment: row },
        async (client) => {
          if (row.target === 'preview') {
            // Vercel promotes production builds only; the CLI rebuilds a preview for production.
            const created = await upstream(() =>
              client.redeploy(row.id, row.project_name, 'production', 'promote'),
            );
            await storeRedeployment(app.db, row, created, 'production');
            await requestVercelProjectSync(app, user.id, row.project_id);
            await announce(
              app,
              user.id,
              'promote',
              `${user.username} promoted ${shortSha(row)} of ${project.name} to production (a new production build)`,
              created.id,
            );
            return ok({
              action: 'promote' as const,
              deployment: await dto(user.id, created.id),
              aliasJob: null,
            });
          }
          return ok(
            await moveProduction({
              userId: user.id,
              action: 'promote',
              project,
              from: production,
              to: row,
              title: `${user.username} promoted ${shortSha(row)} to production of ${project.name}`,
              call: () => client.promote(project.id, row.id),
            }),
          );
        },
      );
    },
  );

  app.post(
    '/projects/:projectId/rollback',
    {
      onRequest: app.authenticate,
      schema: {
        ...schema(
          'Instant rollback: production serves an earlier production deployment (default: the last ready one before the current)',
        ),
        params: projectIdParamSchema,
        body: vercelRollbackBodySchema,
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const project = await findProjectRow(app.db, user.id, request.params.projectId);
      if (!project) throw new AppError(404, 'NOT_FOUND', vercelMessages.projectNotFound);
      const production = await productionOf(user.id, project);
      const targetId =
        request.body?.deploymentId ??
        (await previousReadyProduction(app.db, user.id, project.id, production))?.id;
      if (!targetId) throw new AppError(409, 'CONFLICT', vercelActionMessages.noRollbackTarget);
      const target = await visibleDeployment(user.id, targetId);
      if (target.project_id !== project.id)
        throw new AppError(404, 'NOT_FOUND', vercelMessages.deploymentNotFound);
      if (target.id === production?.id)
        throw new AppError(409, 'CONFLICT', vercelActionMessages.alreadyProduction);
      if (target.target !== 'production' || target.state !== 'READY')
        throw new AppError(409, 'CONFLICT', vercelActionMessages.rollbackNotProduction);
      return audited(
        request,
        'rollback',
        { project: project.name, deployment: target },
        async (client) =>
          ok(
            await moveProduction({
              userId: user.id,
              action: 'rollback',
              project,
              from: production,
              to: target,
              title: `${user.username} rolled production of ${project.name} back to ${shortSha(target)}`,
              call: () => client.rollback(project.id, target.id),
            }),
          ),
      );
    },
  );

  app.post(
    '/deployments/:id/cancel',
    {
      onRequest: app.authenticate,
      schema: { ...schema('Cancels a queued or building deployment'), params: idParamSchema },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const row = await visibleDeployment(user.id, request.params.id);
      if (!UNFINISHED.has(row.state))
        throw new AppError(
          409,
          'CONFLICT',
          `${vercelActionMessages.cancelFinished} ${(deploymentStateLabels[row.state] ?? row.state).toLowerCase()}.`,
        );
      return audited(
        request,
        'cancel',
        { project: row.project_name, deployment: row },
        async (client) => {
          const canceled = await upstream(() => client.cancel(row.id));
          await storeDeploymentState(app.db, user.id, row.id, canceled.readyState);
          await announce(
            app,
            user.id,
            'cancel',
            `${user.username} cancelled the build of ${shortSha(row)} of ${row.project_name}`,
            row.id,
          );
          return ok({
            action: 'cancel' as const,
            deployment: await dto(user.id, row.id),
            aliasJob: null,
          });
        },
      );
    },
  );
};
