import type { AutoMergeState } from '@shipdeck/shared/insights';
import type { Db } from '../../db/database.js';
import { bumpStoreVersionOfViewers } from '../answer-cache/store-version.repository.js';

/**
 * GitHub merged the pull request: the shared row says so at once (closed, merged at), so every
 * viewer's lists, ship status (merged → production building → live) and inbox thread follow
 * before the next sync or webhook confirms it.
 */
export async function markPullRequestMerged(
  db: Db,
  pull: { id: number | string; repository_id: number | string },
  mergedAt: string,
): Promise<void> {
  await db
    .updateTable('github_pull_requests')
    .set({ state: 'closed', merged_at: mergedAt, closed_at: mergedAt, updated_at: mergedAt })
    .where('id', '=', Number(pull.id))
    .execute();
  await bumpStoreVersionOfViewers(db, [Number(pull.repository_id)]);
}

/** Stores merge when ready as GitHub now reports it (null: off). */
export async function saveAutoMerge(
  db: Db,
  pull: { id: number | string; repository_id: number | string },
  autoMerge: AutoMergeState | null,
): Promise<void> {
  await db
    .updateTable('github_pull_requests')
    .set({
      auto_merge_method: autoMerge?.method ?? null,
      auto_merge_enabled_by: autoMerge?.enabledBy ?? null,
      auto_merge_enabled_at: autoMerge?.enabledAt ?? null,
    })
    .where('id', '=', Number(pull.id))
    .execute();
  await bumpStoreVersionOfViewers(db, [Number(pull.repository_id)]);
}

/** GitHub said the repository does not allow auto-merge: remember it, so it is not offered. */
export async function saveAutoMergeAllowed(
  db: Db,
  repositoryId: number | string,
  allowed: boolean,
): Promise<void> {
  await db
    .updateTable('github_repositories')
    .set({ allow_auto_merge: allowed ? 1 : 0 })
    .where('id', '=', Number(repositoryId))
    .execute();
  await bumpStoreVersionOfViewers(db, [Number(repositoryId)]);
}
