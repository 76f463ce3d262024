import type { Db } from '../../db/database.js';
import type { ActionDeploymentWire } from '../vercel-client/vercel-action-wire.js';
import type { DeploymentRow, ProjectRow } from './vercel-read.repository.js';
import { findDeploymentRow } from './vercel-read.repository.js';
import { upsertDeployments } from './vercel-store.repository.js';

/** READY production deployments of a user's project, newest first. */
function readyProduction(db: Db, userId: string, projectIds: string[]) {
  return db
    .selectFrom('vercel_deployments')
    .select(['id', 'project_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('project_id', 'in', projectIds)
    .where('target', '=', 'production')
    .where('state', '=', 'READY')
    .orderBy('created_at', 'desc');
}

/**
 * The last READY production deployment created before `current`: what a rollback without an
 * explicit target goes back to (the deployment before the one serving production).
 */
export async function previousReadyProduction(
  db: Db,
  userId: string,
  projectId: string,
  current: { id: string; created_at: string } | undefined,
): Promise<{ id: string } | undefined> {
  // Without a production deployment there is nothing to go back from.
  if (!current) return undefined;
  return readyProduction(db, userId, [projectId])
    .where('created_at', '<', current.created_at)
    .where('id', '!=', current.id)
    .limit(1)
    .executeTakeFirst();
}

/**
 * Projects whose production is pinned by a rollback, each with the id of the deployment that
 * would resume it (the newest READY production build): the deployment Vercel names as production is older
 * than that one, which an instant rollback causes and which lasts until a deployment is promoted
 * (vercel.com/docs/instant-rollback).
 */
export async function rolledBackProjects(
  db: Db,
  userId: string,
  projects: Pick<ProjectRow, 'id' | 'production_deployment_id'>[],
): Promise<Map<string, string>> {
  const pinned = new Map<string, string>();
  const named = projects.filter((p) => p.production_deployment_id !== null);
  if (named.length === 0) return pinned;
  const rows = await readyProduction(
    db,
    userId,
    named.map((p) => p.id),
  ).execute();
  for (const project of named) {
    const ofProject = rows.filter((row) => row.project_id === project.id);
    const serving = ofProject.find((row) => row.id === project.production_deployment_id);
    const newest = ofProject[0];
    if (serving && newest && newest.id !== serving.id && newest.created_at > serving.created_at)
      pinned.set(project.id, newest.id);
  }
  return pinned;
}

/** Each pinned project's deployment to promote (rarely more than one or two projects). */
export async function resumeDeployments(
  db: Db,
  userId: string,
  projects: Pick<ProjectRow, 'id' | 'production_deployment_id'>[],
): Promise<Map<string, DeploymentRow>> {
  const pinned = await rolledBackProjects(db, userId, projects);
  const found = await Promise.all(
    [...pinned].map(
      async ([projectId, id]) => [projectId, await findDeploymentRow(db, userId, id)] as const,
    ),
  );
  return new Map(found.flatMap(([projectId, row]) => (row ? [[projectId, row] as const] : [])));
}

/** Stores a redeploy's new deployment with the source's git facts, which Vercel builds again. */
export async function storeRedeployment(
  db: Db,
  source: DeploymentRow,
  created: ActionDeploymentWire,
  target: 'production' | 'preview',
): Promise<void> {
  const now = new Date().toISOString();
  const createdAt =
    created.createdAt === undefined ? now : new Date(created.createdAt).toISOString();
  await upsertDeployments(db, [
    {
      user_id: source.user_id,
      id: created.id,
      project_id: source.project_id,
      name: source.name,
      url: created.url,
      inspector_url: null,
      state: created.readyState,
      target,
      branch: source.branch,
      commit_sha: source.commit_sha,
      commit_message: source.commit_message,
      commit_author_name: source.commit_author_name,
      commit_author_login: source.commit_author_login,
      commit_org: source.commit_org,
      commit_repo: source.commit_repo,
      commit_repo_id: source.commit_repo_id === null ? null : Number(source.commit_repo_id),
      pr_id: source.pr_id,
      error_code: null,
      error_message: null,
      created_at: createdAt,
      building_at: null,
      ready_at: null,
      updated_at: now,
      synced_at: now,
    },
  ]);
}

/** What Vercel answered to a cancel, until the next sync reads the deployment again. */
export async function storeDeploymentState(
  db: Db,
  userId: string,
  deploymentId: string,
  state: string,
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable('vercel_deployments')
    .set({ state, updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', deploymentId)
    .execute();
}

/** The deployment that serves production once a promote or rollback has succeeded. */
export async function storeProductionDeployment(
  db: Db,
  userId: string,
  projectId: string,
  deploymentId: string,
): Promise<void> {
  await db
    .updateTable('vercel_projects')
    .set({ production_deployment_id: deploymentId, updated_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('id', '=', projectId)
    .execute();
}
