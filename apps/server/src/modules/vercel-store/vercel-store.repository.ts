import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { bumpStoreVersion } from '../answer-cache/store-version.repository.js';
import type { VercelDeploymentsTable } from './vercel-deployments.table.js';
import type { VercelProjectsTable } from './vercel-projects.table.js';

/** Replaces the user's project list: upserts what Vercel listed and drops what it no longer does. */
export async function replaceProjects(
  db: Db,
  userId: string,
  rows: Insertable<VercelProjectsTable>[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      // The key columns never change on conflict.
      const { user_id: userId, id, ...changes } = row;
      void userId;
      void id;
      await trx
        .insertInto('vercel_projects')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'id']).doUpdateSet(changes))
        .execute();
    }
    const ids = rows.map((row) => row.id);
    let gone = trx.deleteFrom('vercel_projects').where('user_id', '=', userId);
    let goneDeployments = trx.deleteFrom('vercel_deployments').where('user_id', '=', userId);
    if (ids.length > 0) {
      gone = gone.where('id', 'not in', ids);
      goneDeployments = goneDeployments.where('project_id', 'not in', ids);
    }
    await goneDeployments.execute();
    await gone.execute();
    // Pull-request answers show the deployments built from their head commits.
    await bumpStoreVersion(trx, [userId]);
  });
}

/** Upserts deployments; a kept build log survives (a finished build's log never changes). */
export async function upsertDeployments(
  db: Db,
  rows: Omit<Insertable<VercelDeploymentsTable>, 'build_log' | 'build_log_fetched_at'>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      // The key columns never change on conflict.
      const { user_id: userId, id, ...changes } = row;
      void userId;
      void id;
      await trx
        .insertInto('vercel_deployments')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'id']).doUpdateSet(changes))
        .execute();
    }
    await bumpStoreVersion(
      trx,
      rows.map((row) => row.user_id),
    );
  });
}

/** Newest creation time stored for a project, and the oldest one still in progress. */
export async function deploymentCursors(
  db: Db,
  userId: string,
  projectId: string,
): Promise<{ newest: string | null; oldestUnfinished: string | null }> {
  const newest = await db
    .selectFrom('vercel_deployments')
    .select((eb) => eb.fn.max('created_at').as('value'))
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  const unfinished = await db
    .selectFrom('vercel_deployments')
    .select((eb) => eb.fn.min('created_at').as('value'))
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .where('state', 'in', ['BUILDING', 'QUEUED', 'INITIALIZING'])
    .executeTakeFirst();
  return { newest: newest?.value ?? null, oldestUnfinished: unfinished?.value ?? null };
}

export async function saveBuildLog(
  db: Db,
  userId: string,
  deploymentId: string,
  lines: unknown[],
  fetchedAt: string,
): Promise<void> {
  await db
    .updateTable('vercel_deployments')
    .set({ build_log: JSON.stringify(lines), build_log_fetched_at: fetchedAt })
    .where('user_id', '=', userId)
    .where('id', '=', deploymentId)
    .execute();
}
