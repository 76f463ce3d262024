import type { DeploymentEta } from '@shipdeck/shared/insights';
import { ETA_SAMPLE_SIZE } from '@shipdeck/shared/insights-constants';
import { BUILDING_DEPLOYMENT_STATES } from '@shipdeck/shared/ship-stages';
import type { Db } from '../../db/database.js';
import { deploymentRecordFromRow, type DeploymentRecord } from './dora-records.js';
import { estimateReady } from './pipeline-eta.js';

const columns = [
  'id',
  'project_id',
  'target',
  'state',
  'created_at',
  'building_at',
  'ready_at',
  'commit_sha',
  'commit_message',
] as const;

/**
 * The latest READY builds (up to ETA_SAMPLE_SIZE) of each of these projects of the user, the
 * history an estimate of a running build is taken from.
 */
export async function projectBuildHistories(
  db: Db,
  userId: string,
  projectIds: readonly string[],
): Promise<DeploymentRecord[]> {
  const histories = await Promise.all(
    [...new Set(projectIds)].map((projectId) =>
      db
        .selectFrom('vercel_deployments')
        .select(columns)
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .where('state', '=', 'READY')
        .where('building_at', 'is not', null)
        .where('ready_at', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(ETA_SAMPLE_SIZE)
        .execute(),
    ),
  );
  return histories.flat().map(deploymentRecordFromRow);
}

/**
 * When each of the user's building deployments should be ready, from the median build time of
 * its project's latest READY builds in the synced table. Builds without history get none.
 */
export async function deploymentEtas(db: Db, userId: string): Promise<DeploymentEta[]> {
  const building = await db
    .selectFrom('vercel_deployments')
    .select(columns)
    .where('user_id', '=', userId)
    .where('state', 'in', [...BUILDING_DEPLOYMENT_STATES])
    .execute();
  const history = await projectBuildHistories(
    db,
    userId,
    building.map((row) => row.project_id),
  );
  return building.flatMap((row) => {
    const eta = estimateReady(deploymentRecordFromRow(row), history);
    return eta ? [{ deploymentId: row.id, ...eta }] : [];
  });
}
