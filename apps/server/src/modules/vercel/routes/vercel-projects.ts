import { successEnvelope } from '@shipdeck/shared/api-envelope';
import {
  idParamSchema,
  vercelDeploymentsQuerySchema,
  vercelDeploymentsResultSchema,
  vercelProjectResultSchema,
  vercelProjectsQuerySchema,
  vercelProjectsResultSchema,
} from '@shipdeck/shared/vercel';
import { vercelMessages } from '@shipdeck/shared/vercel-constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { splitFullName } from '../../vercel-store/deployment-git-links.js';
import { resumeDeployments } from '../../vercel-store/vercel-actions.repository.js';
import { toDeploymentDto, toProjectDto } from '../../vercel-store/vercel-dto.js';
import {
  findProjectRow,
  latestDeploymentRows,
  listDeploymentRows,
  listProjectRows,
  productionDeploymentRows,
} from '../../vercel-store/vercel-read.repository.js';
import { deploymentsSyncedAt, projectsSyncedAt } from '../vercel-synced-at.js';

export const vercelProjectRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const githubWebUrl = () => app.config.github.webUrl;

  app.get(
    '/projects',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['vercel'],
        summary: "The user's Vercel projects, from the synced store",
        security,
        querystring: vercelProjectsQuerySchema,
        response: { 200: successEnvelope(vercelProjectsResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { search, limit, offset, repository } = request.query;
      const repo = repository ? splitFullName(repository) : undefined;
      const { rows, total } = await listProjectRows(app.db, user.id, {
        search,
        limit,
        offset,
        ...(repo ? { repo } : {}),
      });
      const [latest, production, rolledBack] = await Promise.all([
        latestDeploymentRows(
          app.db,
          user.id,
          rows.map((row) => row.id),
        ),
        productionDeploymentRows(app.db, user.id, rows),
        resumeDeployments(app.db, user.id, rows),
      ]);
      return ok({
        projects: rows.map((row) =>
          toProjectDto(row, githubWebUrl(), {
            production: production.get(row.id),
            latest: latest.find((d) => d.project_id === row.id),
            resumeWith: rolledBack.get(row.id),
          }),
        ),
        pagination: { total, limit, offset, hasNext: offset + rows.length < total },
        syncedAt: await projectsSyncedAt(app.db, user.id),
      });
    },
  );

  app.get(
    '/projects/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['vercel'],
        summary: 'One Vercel project with its production and latest deployment',
        security,
        params: idParamSchema,
        response: { 200: successEnvelope(vercelProjectResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const row = await findProjectRow(app.db, user.id, request.params.id);
      if (!row) throw new AppError(404, 'NOT_FOUND', vercelMessages.projectNotFound);
      const [latest, production, rolledBack] = await Promise.all([
        latestDeploymentRows(app.db, user.id, [row.id]),
        productionDeploymentRows(app.db, user.id, [row]),
        resumeDeployments(app.db, user.id, [row]),
      ]);
      return ok({
        project: toProjectDto(row, githubWebUrl(), {
          production: production.get(row.id),
          latest: latest[0],
          resumeWith: rolledBack.get(row.id),
        }),
        syncedAt: await projectsSyncedAt(app.db, user.id),
      });
    },
  );

  app.get(
    '/projects/:id/deployments',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['vercel'],
        summary: "One project's deployments (default 20), newest first",
        security,
        params: idParamSchema,
        querystring: vercelDeploymentsQuerySchema,
        response: { 200: successEnvelope(vercelDeploymentsResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const project = await findProjectRow(app.db, user.id, request.params.id);
      if (!project) throw new AppError(404, 'NOT_FOUND', vercelMessages.projectNotFound);
      const { limit, offset, search, filter, sort } = request.query;
      const { rows, total } = await listDeploymentRows(app.db, user.id, {
        projectId: project.id,
        search,
        filter,
        sort,
        limit,
        offset,
      });
      return ok({
        deployments: rows.map((row) => toDeploymentDto(row, githubWebUrl())),
        pagination: { total, limit, offset, hasNext: offset + rows.length < total },
        syncedAt: await deploymentsSyncedAt(app.db, user.id, project.id),
      });
    },
  );
};
