import { githubInboxMessages } from '@shipdeck/shared/messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../auth/users.table.js';
import {
  hideNotification,
  markAllNotificationsRead,
  markNotificationRead,
} from '../notifications/notifications.repository.js';
import {
  deleteThread,
  findThread,
  markThreadsReadUpTo,
  newestUnreadUpdate,
  pullRequestThreads,
  setThreadRead,
} from './github-inbox.repository.js';
import type { GithubNotificationThreadRow } from './github-inbox.table.js';
import { inboxAccess } from './inbox-access.js';
import { GITHUB_ITEM_PREFIX } from './inbox-items.js';
import { countInboxUnread } from './merged-inbox.repository.js';
import { pullRequestStates, refKey } from './thread-pull-requests.js';
import { githubWrites, writeToGithub } from './write-back.js';

export type ItemRef = { source: 'github'; threadId: string } | { source: 'shipdeck'; id: string };

/** An inbox id: `github-<thread id>` (digits) or one of Shipdeck's own; a malformed GitHub id is a 400. */
export function parseItemId(id: string): ItemRef {
  if (!id.startsWith(GITHUB_ITEM_PREFIX)) return { source: 'shipdeck', id };
  const threadId = id.slice(GITHUB_ITEM_PREFIX.length);
  if (!/^\d{1,18}$/.test(threadId)) {
    throw new AppError(400, 'VALIDATION_ERROR', githubInboxMessages.invalidId, [
      { field: 'params.id', message: githubInboxMessages.invalidId },
    ]);
  }
  return { source: 'github', threadId };
}

function notFound(): AppError {
  return new AppError(404, 'NOT_FOUND', githubInboxMessages.notFound);
}

/** The bell's count after an action. */
export async function unreadCountOf(app: FastifyInstance, userId: string): Promise<number> {
  const access = await inboxAccess(app, userId);
  return countInboxUnread(app.db, userId, access.showThreads);
}

/** The user's own thread, shown in their inbox now; anyone else's (or none) is a 404. */
async function ownThread(
  app: FastifyInstance,
  userId: string,
  threadId: string,
): Promise<GithubNotificationThreadRow> {
  const access = await inboxAccess(app, userId);
  const thread = access.showThreads ? await findThread(app.db, userId, threadId) : undefined;
  if (!thread) throw notFound();
  return thread;
}

/**
 * GitHub's times are to the second, so a thread it reports as updated at 10:00:05 may have been
 * updated at 10:00:05.4: `last_read_at` is the end of that second, sent to the second.
 */
function githubTime(iso: string): string {
  const end = Math.floor(Date.parse(iso) / 1000) * 1000 + 1000;
  return new Date(end).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Read: `PATCH /notifications/threads/{id}` (205) first; a thread already read costs no call. */
export async function markItemRead(app: FastifyInstance, user: UserRow, ref: ItemRef, at: string) {
  if (ref.source === 'shipdeck') {
    if (!(await markNotificationRead(app.db, user.id, ref.id, at))) throw notFound();
    return;
  }
  const thread = await ownThread(app, user.id, ref.threadId);
  if (thread.unread === 0) return;
  await writeToGithub(app, user, githubWrites.markRead(thread.thread_id));
  await setThreadRead(app.db, user.id, thread.thread_id, at);
}

/** Done: `DELETE /notifications/threads/{id}` (204) first, then the item leaves the inbox. */
export async function markItemDone(app: FastifyInstance, user: UserRow, ref: ItemRef, at: string) {
  if (ref.source === 'shipdeck') {
    if (!(await hideNotification(app.db, user.id, ref.id, at))) throw notFound();
    return;
  }
  const thread = await ownThread(app, user.id, ref.threadId);
  await writeToGithub(app, user, githubWrites.markDone(thread.thread_id));
  await deleteThread(app.db, user.id, thread.thread_id);
}

/**
 * Mute: `PUT /notifications/threads/{id}/subscription {ignored: true}`, then, as Gitify and
 * Octobox do, `PATCH` it read (205): a muted thread leaves the unread count but stays in the
 * inbox (read) until marked done. If GitHub takes the mute but refuses the read, the thread
 * stays unread and the refusal is answered.
 */
export async function muteItem(app: FastifyInstance, user: UserRow, ref: ItemRef, at: string) {
  if (ref.source === 'shipdeck') {
    throw new AppError(400, 'VALIDATION_ERROR', githubInboxMessages.muteShipdeckItem, [
      { field: 'params.id', message: githubInboxMessages.muteShipdeckItem },
    ]);
  }
  const thread = await ownThread(app, user.id, ref.threadId);
  await writeToGithub(app, user, githubWrites.mute(thread.thread_id));
  if (thread.unread === 1) {
    try {
      await writeToGithub(app, user, githubWrites.markRead(thread.thread_id));
    } catch (error) {
      await app.db
        .updateTable('github_notification_threads')
        .set({ muted_at: at })
        .where('user_id', '=', user.id)
        .where('thread_id', '=', thread.thread_id)
        .execute();
      throw error;
    }
  }
  await setThreadRead(app.db, user.id, thread.thread_id, at, true);
}

/**
 * Mark all read: `PUT /notifications {last_read_at: <newest unread thread's updated_at>}` (205,
 * or 202 when GitHub finishes in the background) first, so a thread that arrives meanwhile stays
 * unread; then the GitHub threads up to that time and Shipdeck's own items become read. With no
 * unread GitHub thread (or none shown), GitHub is not asked.
 */
export async function markAllItemsRead(app: FastifyInstance, user: UserRow, at: string) {
  const access = await inboxAccess(app, user.id);
  const newest = access.showThreads ? await newestUnreadUpdate(app.db, user.id) : null;
  if (newest) {
    await writeToGithub(app, user, githubWrites.markAllRead(githubTime(newest)));
    await markThreadsReadUpTo(app.db, user.id, newest, at);
  }
  await markAllNotificationsRead(app.db, user.id, at);
}

/**
 * "Done: merged and closed": every GitHub thread whose pull request the synced store holds as
 * merged or closed, when it was open (or unknown) as the thread arrived, is marked done on GitHub
 * (`DELETE`, 204) and leaves the inbox. Stops at GitHub's first refusal: answers the refusal when
 * nothing was done yet, otherwise how many were done (the rest stay as they were).
 */
export async function doneMergedAndClosed(app: FastifyInstance, user: UserRow): Promise<number> {
  const access = await inboxAccess(app, user.id);
  if (!access.showThreads) return 0;
  const threads = await pullRequestThreads(app.db, user.id);
  const states = await pullRequestStates(
    app.db,
    user.id,
    threads.map((thread) => ({
      repository: thread.repository,
      number: thread.pull_request_number ?? 0,
    })),
  );
  const eligible = threads.filter((thread) => {
    const now = states.get(
      refKey({ repository: thread.repository, number: thread.pull_request_number ?? 0 }),
    );
    const then = thread.pull_request_state_at_arrival;
    return (now === 'merged' || now === 'closed') && then !== 'merged' && then !== 'closed';
  });
  let done = 0;
  for (const thread of eligible) {
    try {
      await writeToGithub(app, user, githubWrites.markDone(thread.thread_id));
    } catch (error) {
      if (done === 0) throw error;
      app.log.warn({ err: error, userId: user.id }, 'GitHub refused a done; stopping');
      break;
    }
    await deleteThread(app.db, user.id, thread.thread_id);
    done += 1;
  }
  return done;
}
