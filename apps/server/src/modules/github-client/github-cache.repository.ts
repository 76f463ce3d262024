import type { Db } from '../../db/database.js';

/** GitHub marks its answers `max-age=60`; within that, a stored answer is the answer. */
export const GITHUB_FRESH_FOR_MS = 60_000;

export interface CachedAnswer {
  etag: string | null;
  lastModified: string | null;
  link: string | null;
  body: string;
  fetchedAt: number;
}

export async function findCachedAnswer(
  db: Db,
  userId: string,
  url: string,
): Promise<CachedAnswer | undefined> {
  const row = await db
    .selectFrom('github_cache')
    .select(['etag', 'last_modified', 'link', 'body', 'fetched_at'])
    .where('user_id', '=', userId)
    .where('url', '=', url)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    etag: row.etag,
    lastModified: row.last_modified,
    link: row.link,
    body: row.body,
    // PostgreSQL's bigint arrives as a string.
    fetchedAt: Number(row.fetched_at),
  };
}

export async function saveCachedAnswer(
  db: Db,
  userId: string,
  url: string,
  answer: CachedAnswer,
): Promise<void> {
  const row = {
    user_id: userId,
    url,
    etag: answer.etag,
    last_modified: answer.lastModified,
    link: answer.link,
    body: answer.body,
    fetched_at: answer.fetchedAt,
  };
  await db
    .insertInto('github_cache')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'url']).doUpdateSet({
        etag: row.etag,
        last_modified: row.last_modified,
        link: row.link,
        body: row.body,
        fetched_at: row.fetched_at,
      }),
    )
    .execute();
}

export async function markCachedAnswerFresh(
  db: Db,
  userId: string,
  url: string,
  fetchedAt: number,
): Promise<void> {
  await db
    .updateTable('github_cache')
    .set({ fetched_at: fetchedAt })
    .where('user_id', '=', userId)
    .where('url', '=', url)
    .execute();
}

export async function clearCachedAnswers(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('github_cache').where('user_id', '=', userId).execute();
  // Compare answers read through the same grant go with it (another account may see less).
  await db.deleteFrom('github_commit_containment').where('user_id', '=', userId).execute();
}
