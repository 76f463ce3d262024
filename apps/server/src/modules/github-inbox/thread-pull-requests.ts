import type { ShipStatus } from '@shipdeck/shared/insights';
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { PULL_REQUEST_COLUMNS } from '../github-store/github-reads.repository.js';
import { withShipStatus } from '../ship-status/attach-ship-status.js';

export type PullRequestState = 'open' | 'closed' | 'merged';

/** A thread's pull request: `owner/name` and number. */
export interface PullRequestRef {
  repository: string;
  number: number;
}

export interface ThreadPullRequest {
  number: number;
  state: PullRequestState;
  shipStatus: ShipStatus | null;
}

export function refKey(ref: PullRequestRef): string {
  return `${ref.repository.toLowerCase()}#${ref.number}`;
}

/** Stored pull requests the user can see, by `owner/name` and number. */
async function storedPullRows(db: Db, userId: string, refs: readonly PullRequestRef[]) {
  const unique = [...new Map(refs.map((ref) => [refKey(ref), ref])).values()];
  const rows = [];
  for (let i = 0; i < unique.length; i += 100) {
    const chunk = unique.slice(i, i + 100);
    rows.push(
      ...(await db
        .selectFrom('github_pull_requests')
        .innerJoin(
          'github_repositories',
          'github_repositories.id',
          'github_pull_requests.repository_id',
        )
        .innerJoin('github_repository_access', (join) =>
          join
            .onRef(
              'github_repository_access.repository_id',
              '=',
              'github_pull_requests.repository_id',
            )
            .on('github_repository_access.user_id', '=', userId),
        )
        .select(PULL_REQUEST_COLUMNS)
        .where((eb) =>
          eb.or(
            chunk.map((ref) =>
              eb.and([
                eb('github_repositories.full_name', '=', ref.repository),
                eb('github_pull_requests.number', '=', ref.number),
              ]),
            ) as Expression<SqlBool>[],
          ),
        )
        .execute()),
    );
  }
  return rows;
}

function stateOf(row: { state: 'open' | 'closed'; merged_at: string | null }): PullRequestState {
  if (row.merged_at !== null) return 'merged';
  return row.state;
}

/** Each pull request's state in the synced store; one the store does not hold is left out. */
export async function pullRequestStates(
  db: Db,
  userId: string,
  refs: readonly PullRequestRef[],
): Promise<Map<string, PullRequestState>> {
  if (refs.length === 0) return new Map();
  const rows = await storedPullRows(db, userId, refs);
  return new Map(
    rows.map((row) => [refKey({ repository: row.full_name, number: row.number }), stateOf(row)]),
  );
}

/**
 * The pull requests of these threads with their ship status (modules/ship-status, the same chips
 * the pull-request list shows); one the store does not hold is open, with no ship status yet.
 */
export async function threadPullRequests(
  db: Db,
  userId: string,
  refs: readonly PullRequestRef[],
): Promise<Map<string, ThreadPullRequest>> {
  const out = new Map<string, ThreadPullRequest>();
  if (refs.length === 0) return out;
  const rows = await storedPullRows(db, userId, refs);
  const items = await withShipStatus(db, userId, rows);
  rows.forEach((row, index) => {
    const item = items[index];
    const shipStatus: ShipStatus | null =
      item && 'stage' in item
        ? {
            review: item.review,
            checks: item.checks,
            preview: item.preview,
            stage: item.stage,
            eta: item.eta,
            autoMerge: item.autoMerge,
            checksRerunning: item.checksRerunning,
          }
        : null;
    out.set(refKey({ repository: row.full_name, number: row.number }), {
      number: row.number,
      state: stateOf(row),
      shipStatus,
    });
  });
  for (const ref of refs) {
    const key = refKey(ref);
    if (!out.has(key)) out.set(key, { number: ref.number, state: 'open', shipStatus: null });
  }
  return out;
}
