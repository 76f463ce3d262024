import type { PullRequest } from '@shipdeck/shared/github';
import type { ShipPullRequest, ShipStatus } from '@shipdeck/shared/insights';
import { BUILDING_DEPLOYMENT_STATES } from '@shipdeck/shared/ship-stages';
import type { Db } from '../../db/database.js';
import { projectBuildHistories } from '../insights/deployment-etas.js';
import { deploymentRecordFromRow, type DeploymentRecord } from '../insights/dora-records.js';
import {
  deploymentsForShas,
  productionDeploymentsOfRepositories,
  storedShipStates,
} from './ship-state.repository.js';
import { shipStatusFromRow, type ShipRowFields } from './ship-status-from-row.js';
import { pullRequestFromRow } from '../github-store/store-to-dto.js';

type StoredPullRow = Omit<ShipRowFields, 'repository'> & Parameters<typeof pullRequestFromRow>[0];

/** The earliest merge among the rows that will carry a ship status, a second early (ISO). */
function earliestMerge(rows: readonly ShipRowFields[]): string | null {
  const times = rows
    .filter((row) => row.merged_at !== null && row.review_state && row.checks_state)
    .map((row) => Date.parse(row.merged_at ?? ''))
    .filter((time) => Number.isFinite(time));
  // Stored times mix "…:37Z" and "…:37.500Z", which do not compare as text: a second's margin.
  return times.length === 0 ? null : new Date(Math.min(...times) - 1000).toISOString();
}

/**
 * Ship statuses of these pull requests: one query for the deployments of every head SHA, one for
 * the production builds of the repositories of merged ones, one per project with a build running.
 */
async function shipStatuses(
  db: Db,
  userId: string,
  rows: readonly ShipRowFields[],
): Promise<Array<ShipStatus | null>> {
  const shas = rows.flatMap((row) => (row.head_sha ? [row.head_sha] : []));
  const since = earliestMerge(rows);
  const merged = rows.filter((row) => row.merged_at !== null).map((row) => row.repository);
  const [shaRows, productionRows] = await Promise.all([
    deploymentsForShas(db, userId, shas),
    since ? productionDeploymentsOfRepositories(db, userId, merged, since) : [],
  ]);
  const urls = new Map(shaRows.map((row) => [row.id, `https://${row.url}`]));
  const bySha = shaRows.map(deploymentRecordFromRow);
  const productionByRepository = new Map<string, DeploymentRecord[]>();
  for (const row of productionRows) {
    const list = productionByRepository.get(row.repository) ?? [];
    list.push(deploymentRecordFromRow(row));
    productionByRepository.set(row.repository, list);
  }
  const building = [...shaRows, ...productionRows].filter((row) =>
    BUILDING_DEPLOYMENT_STATES.includes(row.state),
  );
  const buildHistory = await projectBuildHistories(
    db,
    userId,
    building.map((row) => row.project_id),
  );
  const deployments = { bySha, productionByRepository, buildHistory };
  return rows.map((row) => shipStatusFromRow(row, deployments, (d) => urls.get(d.id) ?? ''));
}

/**
 * Stored pull requests as API items, each with its ship status (review, checks, the preview
 * built from its head SHA, stage) once a sync has derived it.
 */
export async function withShipStatus(
  db: Db,
  userId: string,
  rows: readonly StoredPullRow[],
): Promise<Array<PullRequest | ShipPullRequest>> {
  const statuses = await shipStatuses(
    db,
    userId,
    rows.map((row) => ({ ...row, repository: row.full_name })),
  );
  return rows.map((row, index) => {
    const ship = statuses[index];
    return ship ? { ...pullRequestFromRow(row), ...ship } : pullRequestFromRow(row);
  });
}

/**
 * Pull requests just read from GitHub, each with the ship status a sync stored for it, when it
 * stored one for the same head commit (a newer push makes the stored review and checks stale).
 */
export async function withStoredShipStatus(
  db: Db,
  userId: string,
  fresh: ReadonlyArray<{ pullRequest: PullRequest; headSha: string }>,
): Promise<Array<PullRequest | ShipPullRequest>> {
  const stored = await storedShipStates(
    db,
    fresh.map(({ pullRequest }) => pullRequest.id),
  );
  const byId = new Map(stored.map((row) => [Number(row.id), row]));
  const rows = fresh.map(({ pullRequest, headSha }): ShipRowFields => {
    const row = byId.get(pullRequest.id);
    const current = row?.head_sha === headSha;
    return {
      state: pullRequest.state,
      merged_at: pullRequest.merged_at,
      head_sha: headSha,
      review_state: current ? row.review_state : null,
      checks_state: current ? row.checks_state : null,
      checks_rerun_at: current ? row.checks_rerun_at : null,
      repository: pullRequest.repository,
    };
  });
  const statuses = await shipStatuses(db, userId, rows);
  return fresh.map(({ pullRequest }, index) => {
    const ship = statuses[index];
    return ship ? { ...pullRequest, ...ship } : pullRequest;
  });
}
