import { MERGE_METHODS, type MergeMethod } from '@shipdeck/shared/insights';
import type { Db } from '../../db/database.js';

/** This person's last merge method on this repository, if any. */
export async function lastMergeMethod(
  db: Db,
  userId: string,
  repositoryId: number | string,
): Promise<MergeMethod | null> {
  const row = await db
    .selectFrom('github_merge_preferences')
    .select('method')
    .where('user_id', '=', userId)
    .where('repository_id', '=', Number(repositoryId))
    .executeTakeFirst();
  const method = row?.method;
  return (MERGE_METHODS as readonly string[]).includes(method ?? '')
    ? (method as MergeMethod)
    : null;
}

/** Remembers the method of a merge GitHub made, offered first next time on this repository. */
export async function rememberMergeMethod(
  db: Db,
  userId: string,
  repositoryId: number | string,
  method: MergeMethod,
): Promise<void> {
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('github_merge_preferences')
    .values({ user_id: userId, repository_id: Number(repositoryId), method, updated_at: updatedAt })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'repository_id']).doUpdateSet({ method, updated_at: updatedAt }),
    )
    .execute();
}
