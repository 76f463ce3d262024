import type { Db } from '../../db/database.js';
import { bumpStoreVersionOfViewers } from '../answer-cache/store-version.repository.js';

// `github_pull_requests.checks_rerun_at`: a re-run of failed checks was asked for at that time and
// its new results have not arrived yet; ship status says `checksRerunning` while it is set.

/**
 * A re-run was asked for now: the rows say so for everyone who sees the repository, and who asked
 * is kept to be told how it settles (checks-rerun-outcome.ts).
 */
export async function markChecksRerun(
  db: Db,
  pull: { id: number | string; repository_id: number | string },
  at: string,
  askedBy: string | null = null,
): Promise<void> {
  await db
    .updateTable('github_pull_requests')
    .set({ checks_rerun_at: at, checks_rerun_by: askedBy, checks_rerun_asked_at: at })
    .where('id', '=', Number(pull.id))
    .execute();
  await bumpStoreVersionOfViewers(db, [Number(pull.repository_id)]);
}

/**
 * New check results arrived by webhook for these heads (or numbers) of a repository: the re-runs
 * asked for on them are over. Answers whether any row changed.
 */
export async function clearChecksRerunOf(
  db: Db,
  target: { repositoryId: number; numbers: readonly number[]; headShas: readonly string[] },
): Promise<boolean> {
  if (target.numbers.length === 0 && target.headShas.length === 0) return false;
  const result = await db
    .updateTable('github_pull_requests')
    .set({ checks_rerun_at: null })
    .where('repository_id', '=', target.repositoryId)
    .where('checks_rerun_at', 'is not', null)
    .where((eb) =>
      eb.or([
        ...(target.numbers.length > 0 ? [eb('number', 'in', [...target.numbers])] : []),
        ...(target.headShas.length > 0 ? [eb('head_sha', 'in', [...target.headShas])] : []),
      ]),
    )
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows) > 0;
  if (changed) await bumpStoreVersionOfViewers(db, [target.repositoryId]);
  return changed;
}

/**
 * A sync read these pull requests' checks after `readAt`'s moment began: re-runs asked for before
 * it are answered by what it stored (a later one stays marked).
 */
export async function clearChecksRerunRead(
  db: Db,
  pullRequestIds: readonly number[],
  readStartedAt: string,
): Promise<void> {
  if (pullRequestIds.length === 0) return;
  const rows = await db
    .selectFrom('github_pull_requests')
    .select(['id', 'repository_id', 'checks_rerun_at'])
    .where('id', 'in', [...pullRequestIds])
    .where('checks_rerun_at', 'is not', null)
    .execute();
  const done = rows.filter((row) => (row.checks_rerun_at ?? '') <= readStartedAt);
  if (done.length === 0) return;
  await db
    .updateTable('github_pull_requests')
    .set({ checks_rerun_at: null })
    .where(
      'id',
      'in',
      done.map((row) => Number(row.id)),
    )
    .execute();
  await bumpStoreVersionOfViewers(db, [...new Set(done.map((row) => Number(row.repository_id)))]);
}
