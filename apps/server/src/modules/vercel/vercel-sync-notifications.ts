import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { changeNotifications, isRecentChange } from '../notifications/change-notifications.js';
import { notify } from '../notifications/notify.js';
import type { VercelDeploymentsTable } from '../vercel-store/vercel-deployments.table.js';

type DeploymentInput = Pick<
  Insertable<VercelDeploymentsTable>,
  'id' | 'name' | 'url' | 'state' | 'target' | 'created_at' | 'updated_at'
>;

/** The stored state of each of these deployments of the user, before a sync overwrites it. */
export async function deploymentStatesBefore(
  db: Db,
  userId: string,
  ids: string[],
): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 100) {
    const rows = await db
      .selectFrom('vercel_deployments')
      .select(['id', 'state'])
      .where('user_id', '=', userId)
      .where('id', 'in', ids.slice(i, i + 100))
      .execute();
    for (const row of rows) map.set(row.id, row.state);
  }
  return map;
}

/**
 * What a deployment webhook would have told the user, noticed by the sync instead: a deployment
 * that failed, a production deployment that became ready. A deployment already stored counts when
 * its state changed; one seen for the first time only when the project was synced before (so a
 * connect's first sync is history, not news) and it is recent. Same dedupe keys as the webhook.
 * Answers whether anything the pages show changed.
 */
export async function notifyDeploymentChanges(
  app: FastifyInstance,
  userId: string,
  deployments: DeploymentInput[],
  before: Map<string, string>,
  projectSyncedBefore: boolean,
): Promise<boolean> {
  let changed = false;
  for (const deployment of deployments) {
    const previous = before.get(deployment.id);
    if (previous === deployment.state) continue;
    changed = true;
    const news =
      previous !== undefined || (projectSyncedBefore && isRecentChange(deployment.created_at));
    if (!news || !isRecentChange(deployment.updated_at)) continue;
    if (deployment.state === 'ERROR') {
      await notify(
        app,
        userId,
        changeNotifications.deploymentFailed(deployment.id, deployment.name),
      );
    } else if (deployment.state === 'READY' && deployment.target === 'production') {
      await notify(
        app,
        userId,
        changeNotifications.deploymentReady(deployment.id, deployment.name, deployment.url),
      );
    }
  }
  return changed;
}
