import type { PullRequest } from '@shipdeck/shared/github';
import type { ShipPullRequest, ShipStatus } from '@shipdeck/shared/insights';
import type { Db } from '../../db/database.js';
import { deploymentsForShas, storedShipStates } from './ship-state.repository.js';
import { deploymentRecord, shipStatusFromRow, type ShipRowFields } from './ship-status-from-row.js';
import { pullRequestFromRow } from './store-to-dto.js';

type StoredPullRow = ShipRowFields & Parameters<typeof pullRequestFromRow>[0];

/** Ship statuses of these pull requests, with one query for the deployments of every head SHA. */
async function shipStatuses(
  db: Db,
  userId: string,
  rows: readonly ShipRowFields[],
): Promise<Array<ShipStatus | null>> {
  const shas = rows.flatMap((row) => (row.head_sha ? [row.head_sha] : []));
  const deploymentRows = await deploymentsForShas(db, userId, shas);
  const urls = new Map(deploymentRows.map((row) => [row.id, `https://${row.url}`]));
  const deployments = deploymentRows.map(deploymentRecord);
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
  const statuses = await shipStatuses(db, userId, rows);
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
    };
  });
  const statuses = await shipStatuses(db, userId, rows);
  return fresh.map(({ pullRequest }, index) => {
    const ship = statuses[index];
    return ship ? { ...pullRequest, ...ship } : pullRequest;
  });
}
