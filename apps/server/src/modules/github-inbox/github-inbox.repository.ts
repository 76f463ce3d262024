import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type {
  GithubInboxPollRow,
  GithubInboxPollsTable,
  GithubNotificationThreadRow,
  GithubNotificationThreadsTable,
} from './github-inbox.table.js';

export type ThreadInsert = Insertable<GithubNotificationThreadsTable>;
type PollChanges = Omit<Updateable<GithubInboxPollsTable>, 'user_id'>;

/** The user's GitHub token row: the token, and when it was saved (a new token starts afresh). */
export async function findGithubTokenRow(db: Db, userId: string) {
  return db
    .selectFrom('provider_tokens')
    .innerJoin('users', 'users.id', 'provider_tokens.user_id')
    .select([
      'provider_tokens.token_sealed',
      'provider_tokens.scopes',
      'provider_tokens.updated_at',
      'users.github_login',
      'users.github_id',
      'users.pref_notifications',
    ])
    .where('provider_tokens.user_id', '=', userId)
    .where('provider_tokens.provider', '=', 'github')
    .executeTakeFirst();
}

export async function findPollState(
  db: Db,
  userId: string,
): Promise<GithubInboxPollRow | undefined> {
  return db
    .selectFrom('github_inbox_polls')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Creates the user's poll row or changes only the given columns of it. */
export async function savePollState(db: Db, userId: string, changes: PollChanges): Promise<void> {
  await db
    .insertInto('github_inbox_polls')
    .values({ user_id: userId, poll_interval_seconds: 60, ...changes })
    .onConflict((oc) =>
      Object.keys(changes).length === 0
        ? oc.column('user_id').doNothing()
        : oc.column('user_id').doUpdateSet(changes),
    )
    .execute();
}

/** Forgets the user's threads (a disconnected GitHub, a new token, a scope taken away). */
export async function deleteThreads(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('github_notification_threads').where('user_id', '=', userId).execute();
}

/** Forgets everything of the inbox's GitHub side for the user. */
export async function deleteGithubInbox(db: Db, userId: string): Promise<void> {
  await deleteThreads(db, userId);
  await db.deleteFrom('github_inbox_polls').where('user_id', '=', userId).execute();
}

/** What the store holds of these threads, to tell new and bumped ones from unchanged ones. */
export async function storedThreads(
  db: Db,
  userId: string,
  threadIds: readonly string[],
): Promise<Map<string, GithubNotificationThreadRow>> {
  const out = new Map<string, GithubNotificationThreadRow>();
  for (let i = 0; i < threadIds.length; i += 500) {
    const chunk = threadIds.slice(i, i + 500);
    const rows = await db
      .selectFrom('github_notification_threads')
      .selectAll()
      .where('user_id', '=', userId)
      .where('thread_id', 'in', chunk)
      .execute();
    for (const row of rows) out.set(row.thread_id, row);
  }
  return out;
}

export async function upsertThread(db: Db, row: ThreadInsert): Promise<void> {
  // What a later poll may change: not who or which thread, when first seen, or a mute.
  const changes = {
    reason: row.reason,
    unread: row.unread,
    updated_at: row.updated_at,
    last_read_at: row.last_read_at,
    subject_type: row.subject_type,
    subject_title: row.subject_title,
    subject_url: row.subject_url,
    latest_comment_url: row.latest_comment_url,
    repository: row.repository,
    repository_html_url: row.repository_html_url,
    link: row.link,
    pull_request_number: row.pull_request_number,
    pull_request_state_at_arrival: row.pull_request_state_at_arrival,
    synced_at: row.synced_at,
  };
  await db
    .insertInto('github_notification_threads')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'thread_id']).doUpdateSet(changes))
    .execute();
}

/**
 * After a complete `all=false` list: a thread stored as unread that GitHub no longer lists as
 * unread was read (or marked done) on GitHub. Answers how many changed.
 */
export async function markUnlistedRead(
  db: Db,
  userId: string,
  listed: ReadonlySet<string>,
  at: string,
): Promise<number> {
  const unread = await db
    .selectFrom('github_notification_threads')
    .select('thread_id')
    .where('user_id', '=', userId)
    .where('unread', '=', 1)
    .execute();
  const gone = unread.map((row) => row.thread_id).filter((id) => !listed.has(id));
  for (let i = 0; i < gone.length; i += 500) {
    await db
      .updateTable('github_notification_threads')
      .set({ unread: 0, last_read_at: at, synced_at: at })
      .where('user_id', '=', userId)
      .where('thread_id', 'in', gone.slice(i, i + 500))
      .execute();
  }
  return gone.length;
}

export async function findThread(
  db: Db,
  userId: string,
  threadId: string,
): Promise<GithubNotificationThreadRow | undefined> {
  return db
    .selectFrom('github_notification_threads')
    .selectAll()
    .where('user_id', '=', userId)
    .where('thread_id', '=', threadId)
    .executeTakeFirst();
}

export async function setThreadRead(
  db: Db,
  userId: string,
  threadId: string,
  at: string,
  muted = false,
): Promise<void> {
  await db
    .updateTable('github_notification_threads')
    .set({ unread: 0, last_read_at: at, ...(muted ? { muted_at: at } : {}) })
    .where('user_id', '=', userId)
    .where('thread_id', '=', threadId)
    .execute();
}

export async function deleteThread(db: Db, userId: string, threadId: string): Promise<void> {
  await db
    .deleteFrom('github_notification_threads')
    .where('user_id', '=', userId)
    .where('thread_id', '=', threadId)
    .execute();
}

/** Threads updated up to `upTo` become read (what `PUT /notifications {last_read_at}` did on GitHub). */
export async function markThreadsReadUpTo(
  db: Db,
  userId: string,
  upTo: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('github_notification_threads')
    .set({ unread: 0, last_read_at: at })
    .where('user_id', '=', userId)
    .where('unread', '=', 1)
    .where('updated_at', '<=', upTo)
    .execute();
}

/** The newest `updated_at` among the user's unread threads, or null when none is unread. */
export async function newestUnreadUpdate(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('github_notification_threads')
    .select((eb) => eb.fn.max('updated_at').as('newest'))
    .where('user_id', '=', userId)
    .where('unread', '=', 1)
    .executeTakeFirst();
  return row?.newest ?? null;
}

/** Threads about a pull request, for "Done: merged and closed". */
export async function pullRequestThreads(db: Db, userId: string) {
  return db
    .selectFrom('github_notification_threads')
    .selectAll()
    .where('user_id', '=', userId)
    .where('pull_request_number', 'is not', null)
    .execute();
}
