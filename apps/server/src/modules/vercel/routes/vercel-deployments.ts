import { successEnvelope } from '@shipdeck/shared/api-envelope';
import {
  idParamSchema,
  vercelDeploymentDetailSchema,
  vercelDeploymentsQuerySchema,
  vercelDeploymentsResultSchema,
  vercelStatusResultSchema,
} from '@shipdeck/shared/vercel';
import { vercelMessages } from '@shipdeck/shared/vercel-constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { previousReadyProduction } from '../../vercel-store/vercel-actions.repository.js';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { splitFullName } from '../../vercel-store/deployment-git-links.js';
import { buildLogFor } from '../build-log.js';
import { toDeploymentDto } from '../../vercel-store/vercel-dto.js';
import {
  findDeploymentRow,
  findProjectRow,
  latestDeploymentRows,
  listDeploymentRows,
  productionDeploymentRows,
} from '../../vercel-store/vercel-read.repository.js';
import { projectsSyncedAt } from '../vercel-synced-at.js';

export const vercelDeploymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const githubWebUrl = () => app.config.github.webUrl;

  app.get(
    '/deployments',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['vercel'],
        summary: 'Deployments of every project, with search, filter and sort answered in SQL',
        security,
        querystring: vercelDeploymentsQuerySchema,
        response: { 200: successEnvelope(vercelDeploymentsResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { limit, offset, search, filter, sort, repository } = request.query;
      const repo = repository ? splitFullName(repository) : undefined;
      const { rows, total } = await listDeploymentRows(app.db, user.id, {
        search,
        filter,
        sort,
        limit,
        offset,
        ...(repo ? { repo } : {}),
      });
      return ok({
        deployments: rows.map((row) => toDeploymentDto(row, githubWebUrl())),
        pagination: { total, limit, offset, hasNext: offset + rows.length < total },
        syncedAt: await projectsSyncedAt(app.db, user.id),
      });
    },
  );

  app.get(
    '/deployments/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['vercel'],
        summary: 'One deployment, its last build log lines and what production still serves',
        security,
        params: idParamSchema,
        response: { 200: successEnvelope(vercelDeploymentDetailSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const row = await findDeploymentRow(app.db, user.id, request.params.id);
      if (!row) throw new AppError(404, 'NOT_FOUND', vercelMessages.deploymentNotFound);
      const project = await findProjectRow(app.db, user.id, row.project_id);
      const production = project
        ? (await productionDeploymentRows(app.db, user.id, [project])).get(project.id)
        : undefined;
      const previous = project
        ? await previousReadyProduction(app.db, user.id, project.id, production)
        : undefined;
      const rollbackTarget = previous
        ? await findDeploymentRow(app.db, user.id, previous.id)
        : undefined;
      return ok({
        deployment: toDeploymentDto(row, githubWebUrl()),
        buildLog: await buildLogFor(app, user.id, row),
        lastReadyProduction: production ? toDeploymentDto(production, githubWebUrl()) : null,
        rollbackTarget: rollbackTarget ? toDeploymentDto(rollbackTarget, githubWebUrl()) : null,
        syncedAt: await projectsSyncedAt(app.db, user.id),
      });
    },
  );

  app.get(
    '/status',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['vercel'],
        summary: 'The latest deployment of each project, newest first',
        security,
        response: { 200: successEnvelope(vercelStatusResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const rows = await latestDeploymentRows(app.db, user.id);
      return ok({
        deploymentStatus: rows.map((row) => ({
          projectId: row.project_id,
          projectName: row.project_name,
          deploymentId: row.id,
          status: row.state,
          url: `https://${row.url}`,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
          branch: row.branch,
        })),
        syncedAt: await projectsSyncedAt(app.db, user.id),
      });
    },
  );
};
