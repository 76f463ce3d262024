import type { Db } from '../../db/database.js';

export interface ContainmentKey {
  userId: string;
  repository: string;
  sha: string;
  productionSha: string;
}

export async function findContainment(db: Db, key: ContainmentKey): Promise<string | undefined> {
  const row = await db
    .selectFrom('github_commit_containment')
    .select('status')
    .where('user_id', '=', key.userId)
    .where('repository', '=', key.repository.toLowerCase())
    .where('sha', '=', key.sha)
    .where('production_sha', '=', key.productionSha)
    .executeTakeFirst();
  return row?.status;
}

export async function saveContainment(
  db: Db,
  key: ContainmentKey,
  status: string,
  checkedAt: string,
): Promise<void> {
  await db
    .insertInto('github_commit_containment')
    .values({
      user_id: key.userId,
      repository: key.repository.toLowerCase(),
      sha: key.sha,
      production_sha: key.productionSha,
      status,
      checked_at: checkedAt,
    })
    // Two requests may ask at once; the answers are equal, so the first one stays.
    .onConflict((oc) => oc.columns(['user_id', 'repository', 'sha', 'production_sha']).doNothing())
    .execute();
}

/** Synced commits of a repository whose SHA starts with `prefix` (at most two: enough to tell). */
export async function findSyncedCommitShas(
  db: Db,
  repositoryId: number,
  prefix: string,
): Promise<string[]> {
  // A prefix is hex only (checked by the route), so it needs no LIKE escaping.
  const rows = await db
    .selectFrom('github_commits')
    .select('sha')
    .where('repository_id', '=', repositoryId)
    .where('sha', 'like', `${prefix.toLowerCase()}%`)
    .limit(2)
    .execute();
  return rows.map((row) => row.sha);
}
