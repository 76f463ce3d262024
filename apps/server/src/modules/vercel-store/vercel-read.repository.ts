import type { DeploymentFilter, DeploymentSort } from '@shipdeck/shared/vercel-constants';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { VercelDeploymentsTable } from './vercel-deployments.table.js';
import type { VercelProjectsTable } from './vercel-projects.table.js';

/** The synced GitHub repository a project's link names, joined by `link.repoId`. */
export interface GithubRepositoryMatch {
  gh_repository_id: number | string | null;
  gh_repository_full_name: string | null;
  gh_repository_html_url: string | null;
}

/** The synced commit and pull request a deployment was built from, joined by commit SHA. */
export interface GithubCommitMatch extends GithubRepositoryMatch {
  gh_commit_url: string | null;
  gh_pull_number: number | null;
  gh_pull_url: string | null;
}

export type ProjectRow = Selectable<VercelProjectsTable> & GithubRepositoryMatch;
export type DeploymentRow = Selectable<VercelDeploymentsTable> & {
  project_name: string;
} & GithubCommitMatch;

const UNFINISHED = ['BUILDING', 'QUEUED', 'INITIALIZING'];

/** `%`, `_` and `\` typed by the user match themselves. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Projects with the synced GitHub repository their link's `repoId` names, among those this
 * user can see (so a project never reveals a repository the user has no access to). When the
 * GitHub side is not synced the join finds nothing and the DTO falls back to Vercel's link.
 */
function projectsWithRepository(db: Db, userId: string) {
  return db
    .selectFrom('vercel_projects as p')
    .leftJoin('github_repository_access as ga', (join) =>
      join.onRef('ga.repository_id', '=', 'p.link_repo_id').on('ga.user_id', '=', userId),
    )
    .leftJoin('github_repositories as gr', 'gr.id', 'ga.repository_id')
    .where('p.user_id', '=', userId);
}

const repositoryColumns = [
  'gr.id as gh_repository_id',
  'gr.full_name as gh_repository_full_name',
  'gr.html_url as gh_repository_html_url',
] as const;

/** `owner/name` as the synced repository names it, or as the project's Vercel link does. */
function whereRepository(
  query: ReturnType<typeof projectsWithRepository>,
  repo: { org: string; repo: string },
) {
  const fullName = `${repo.org}/${repo.repo}`.toLowerCase();
  return query.where((eb) =>
    eb.or([
      eb(eb.fn('lower', ['gr.full_name']), '=', fullName),
      eb.and([
        eb(eb.fn('lower', ['p.link_org']), '=', repo.org.toLowerCase()),
        eb(eb.fn('lower', ['p.link_repo']), '=', repo.repo.toLowerCase()),
      ]),
    ]),
  );
}

export async function listProjectRows(
  db: Db,
  userId: string,
  options: { search?: string; repo?: { org: string; repo: string }; limit: number; offset: number },
): Promise<{ rows: ProjectRow[]; total: number }> {
  let query = projectsWithRepository(db, userId);
  if (options.search) {
    const pattern = likePattern(options.search);
    query = query.where((eb) =>
      eb(eb.fn('lower', ['p.name']), 'like', eb.val(pattern).$castTo<string>()),
    );
  }
  if (options.repo) query = whereRepository(query, options.repo);
  const count = await query
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  const rows = await query
    .selectAll('p')
    .select(repositoryColumns)
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id')
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
  return projectsWithRepository(db, userId)
    .selectAll('p')
    .select(repositoryColumns)
    .where('p.id', '=', projectId)
    .executeTakeFirst();
}

/**
 * Deployments with their project and, from the synced GitHub tables, the repository (project
 * link `repoId`), the commit (`github_commits` by SHA) and the pull request whose head is that
 * SHA. Vercel's own git `meta` is the fallback where the GitHub side is not synced.
 */
function deploymentsWithProject(db: Db, userId: string) {
  return db
    .selectFrom('vercel_deployments as d')
    .innerJoin('vercel_projects as p', (join) =>
      join.onRef('p.user_id', '=', 'd.user_id').onRef('p.id', '=', 'd.project_id'),
    )
    .leftJoin('github_repository_access as ga', (join) =>
      join.onRef('ga.repository_id', '=', 'p.link_repo_id').on('ga.user_id', '=', userId),
    )
    .leftJoin('github_repositories as gr', 'gr.id', 'ga.repository_id')
    .leftJoin('github_commits as gc', (join) =>
      join.onRef('gc.repository_id', '=', 'gr.id').onRef('gc.sha', '=', 'd.commit_sha'),
    )
    .where('d.user_id', '=', userId);
}

function selectDeployment(query: ReturnType<typeof deploymentsWithProject>) {
  return query
    .selectAll('d')
    .select([...repositoryColumns, 'p.name as project_name', 'gc.html_url as gh_commit_url'])
    .select((eb) => {
      // Several pull requests may share a head; the most recently updated one is meant.
      const pullWithHead = () =>
        eb
          .selectFrom('github_pull_requests as gp')
          .whereRef('gp.repository_id', '=', 'gr.id')
          .whereRef('gp.head_sha', '=', 'd.commit_sha')
          .orderBy('gp.updated_at', 'desc')
          .limit(1);
      return [
        pullWithHead().select('gp.number').as('gh_pull_number'),
        pullWithHead().select('gp.html_url').as('gh_pull_url'),
      ];
    });
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
    const fullName = `${options.repo.org}/${options.repo.repo}`.toLowerCase();
    const { org, repo } = options.repo;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['gr.full_name']), '=', fullName),
        eb.and([
          eb(eb.fn('lower', ['p.link_org']), '=', org.toLowerCase()),
          eb(eb.fn('lower', ['p.link_repo']), '=', repo.toLowerCase()),
        ]),
      ]),
    );
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
  const rows = await selectDeployment(query)
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
  return selectDeployment(deploymentsWithProject(db, userId))
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
  return selectDeployment(query).orderBy('d.created_at', 'desc').execute();
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
  const rows = await selectDeployment(deploymentsWithProject(db, userId))
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
