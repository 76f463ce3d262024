import type { DeploymentFilter, DeploymentSort } from '@shipdeck/shared/vercel';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { VercelDeploymentsTable } from './vercel-deployments.table.js';
import type { VercelProjectsTable } from './vercel-projects.table.js';

export type ProjectRow = Selectable<VercelProjectsTable>;
export type DeploymentRow = Selectable<VercelDeploymentsTable> & { project_name: string };

const UNFINISHED = ['BUILDING', 'QUEUED', 'INITIALIZING'];

/** `%`, `_` and `\` typed by the user match themselves. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listProjectRows(
  db: Db,
  userId: string,
  options: { search?: string; repo?: { org: string; repo: string }; limit: number; offset: number },
): Promise<{ rows: ProjectRow[]; total: number }> {
  let query = db.selectFrom('vercel_projects').where('user_id', '=', userId);
  if (options.search) {
    const pattern = likePattern(options.search);
    query = query.where((eb) =>
      eb(eb.fn('lower', ['name']), 'like', eb.val(pattern).$castTo<string>()),
    );
  }
  if (options.repo) {
    const { org, repo } = options.repo;
    query = query
      .where((eb) => eb(eb.fn('lower', ['link_org']), '=', org.toLowerCase()))
      .where((eb) => eb(eb.fn('lower', ['link_repo']), '=', repo.toLowerCase()));
  }
  const count = await query
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  const rows = await query
    .selectAll()
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findProjectRow(
  db: Db,
  userId: string,
  projectId: string,
): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('vercel_projects')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', projectId)
    .executeTakeFirst();
}

function deploymentsWithProject(db: Db, userId: string) {
  return db
    .selectFrom('vercel_deployments as d')
    .innerJoin('vercel_projects as p', (join) =>
      join.onRef('p.user_id', '=', 'd.user_id').onRef('p.id', '=', 'd.project_id'),
    )
    .where('d.user_id', '=', userId);
}

export interface DeploymentListOptions {
  projectId?: string;
  search?: string;
  filter: DeploymentFilter;
  sort: DeploymentSort;
  repo?: { org: string; repo: string };
  limit: number;
  offset: number;
}

export async function listDeploymentRows(
  db: Db,
  userId: string,
  options: DeploymentListOptions,
): Promise<{ rows: DeploymentRow[]; total: number }> {
  let query = deploymentsWithProject(db, userId);
  if (options.projectId) query = query.where('d.project_id', '=', options.projectId);
  if (options.filter === 'ready') query = query.where('d.state', '=', 'READY');
  if (options.filter === 'error') query = query.where('d.state', '=', 'ERROR');
  if (options.filter === 'building') query = query.where('d.state', 'in', UNFINISHED);
  if (options.repo) {
    const { org, repo } = options.repo;
    query = query
      .where((eb) => eb(eb.fn('lower', ['p.link_org']), '=', org.toLowerCase()))
      .where((eb) => eb(eb.fn('lower', ['p.link_repo']), '=', repo.toLowerCase()));
  }
  if (options.search) {
    const pattern = likePattern(options.search);
    query = query.where((eb) =>
      eb.or(
        (['p.name', 'd.branch', 'd.commit_message', 'd.commit_sha', 'd.url'] as const).map(
          (column) => eb(eb.fn('lower', [column]), 'like', pattern),
        ),
      ),
    );
  }
  const count = await query
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  const order = options.sort === 'created' ? 'd.created_at' : 'd.updated_at';
  const rows = await query
    .selectAll('d')
    .select('p.name as project_name')
    .orderBy(order, 'desc')
    .orderBy('d.id')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findDeploymentRow(
  db: Db,
  userId: string,
  deploymentId: string,
): Promise<DeploymentRow | undefined> {
  return deploymentsWithProject(db, userId)
    .selectAll('d')
    .select('p.name as project_name')
    .where('d.id', '=', deploymentId)
    .executeTakeFirst();
}

/** The newest deployment of each of these projects (or of every project when none are given). */
export async function latestDeploymentRows(
  db: Db,
  userId: string,
  projectIds?: string[],
): Promise<DeploymentRow[]> {
  if (projectIds?.length === 0) return [];
  let query = deploymentsWithProject(db, userId).where((eb) =>
    eb(
      'd.created_at',
      '=',
      eb
        .selectFrom('vercel_deployments as d2')
        .select((inner) => inner.fn.max('d2.created_at').as('latest'))
        .whereRef('d2.user_id', '=', 'd.user_id')
        .whereRef('d2.project_id', '=', 'd.project_id'),
    ),
  );
  if (projectIds) query = query.where('d.project_id', 'in', projectIds);
  return query
    .selectAll('d')
    .select('p.name as project_name')
    .orderBy('d.created_at', 'desc')
    .execute();
}

/**
 * What production serves for each project: the deployment Vercel names as its production target
 * when it is stored, else the newest READY production deployment.
 */
export async function productionDeploymentRows(
  db: Db,
  userId: string,
  projects: ProjectRow[],
): Promise<Map<string, DeploymentRow>> {
  const result = new Map<string, DeploymentRow>();
  if (projects.length === 0) return result;
  const rows = await deploymentsWithProject(db, userId)
    .selectAll('d')
    .select('p.name as project_name')
    .where(
      'd.project_id',
      'in',
      projects.map((p) => p.id),
    )
    .where('d.target', '=', 'production')
    .where('d.state', '=', 'READY')
    .orderBy('d.created_at', 'desc')
    .execute();
  for (const project of projects) {
    const named = rows.find(
      (row) => row.project_id === project.id && row.id === project.production_deployment_id,
    );
    const newest = rows.find((row) => row.project_id === project.id);
    const chosen = named ?? newest;
    if (chosen) result.set(project.id, chosen);
  }
  return result;
}
