import type { Account, Thread } from '../../data/model.js';
import { PARTICIPATING_REASONS } from '../../data/notification-store.js';
import { GithubError, notFound, validationFailed } from '../github-error.js';
import type { GithubRequest, GithubRoute } from '../github-request.js';
import { pageRequest, paginate, type PageRequest } from '../pagination.js';
import { renderThread, renderThreadSubscription } from '../render/thread.js';
import { linkUrl, resolveRepo, type RepoTarget } from '../repo-access.js';
import { ghTime, httpDate } from '../urls.js';
import { hasScope } from '../visibility.js';
import { requireViewer } from './user.js';

// GitHub's notifications API (PROVIDERS.md 9.1): classic tokens with `notifications` or `repo`
// only; Last-Modified / If-Modified-Since polling with X-Poll-Interval; 205, 204 and 202 writes.

const DOCS = 'https://docs.github.com/rest/activity/notifications';
const ACCEPTED_SCOPES = 'notifications, repo';
/** Seconds a client must wait between polls, sent on every answer (200 and 304). */
export const POLL_INTERVAL_SECONDS = 60;
/**
 * `PUT /notifications` with more unread threads than this answers 202 ("being marked as read in
 * the background"); the emulator still marks them at once, so the next list shows them read.
 */
export const MARK_READ_IN_ONE_REQUEST = 50;
export const MARK_READ_BACKGROUND_MESSAGE =
  "Unread notifications couldn't be marked in a single request. Notifications are being marked as read in the background.";

const POLL_HEADERS = { 'x-poll-interval': String(POLL_INTERVAL_SECONDS) };

/**
 * Who may use the notifications API: any signed-in classic token (or OAuth token) with the
 * `notifications` or `repo` scope. Fine-grained PATs and GitHub App tokens (`ghs_`, `ghu_`)
 * cannot, whatever they may otherwise do.
 */
function requireNotificationsAccess(request: GithubRequest, anchor: string): Account {
  const viewer = requireViewer(request);
  const token = request.token;
  const documentation = { documentation_url: `${DOCS}#${anchor}` };
  if (token && (token.fineGrained || token.token.startsWith('github_pat_')))
    throw new GithubError(403, 'Resource not accessible by personal access token', documentation);
  if (token && /^gh[su]_/.test(token.token))
    throw new GithubError(403, 'Resource not accessible by integration', documentation);
  if (!hasScope(request.scopes, 'notifications') && !hasScope(request.scopes, 'repo'))
    throw new GithubError(403, "Missing the 'notifications' scope.", documentation);
  return viewer;
}

function flag(query: URLSearchParams, name: string): boolean {
  return query.get(name) === 'true';
}

function timeParam(query: URLSearchParams, name: string): number | null {
  const value = query.get(name);
  if (value === null) return null;
  const time = Date.parse(value);
  if (!Number.isFinite(time)) throw validationFailed('Notification', name);
  return time;
}

function listThreads(
  request: GithubRequest,
  viewer: Account,
  target: RepoTarget | null,
  paging: PageRequest,
  linkBase: string,
): { body: unknown; link: string | null; lastModified?: string; headers: Record<string, string> } {
  const { query, world } = request;
  const all = flag(query, 'all');
  const participating = flag(query, 'participating');
  const since = timeParam(query, 'since');
  const before = timeParam(query, 'before');
  const threads = world.notifications.threadsOf(viewer.id).filter((thread) => {
    if (target && thread.repoId !== target.repo.id) return false;
    if (!world.repos.has(thread.repoId)) return false;
    if (!all && (!thread.unread || thread.done)) return false;
    if (participating && !PARTICIPATING_REASONS.has(thread.reason)) return false;
    const at = Date.parse(thread.updatedAt);
    if (since !== null && at <= since) return false;
    if (before !== null && at >= before) return false;
    return true;
  });
  threads.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
  const page = paginate(threads, paging, linkBase, query);
  const newest = world.notifications.lastModified(viewer.id, target?.repo.id);
  return {
    body: page.items.map((thread) => renderThread(request.render, thread)),
    link: page.link,
    ...(newest ? { lastModified: httpDate(ghTime(newest)) } : {}),
    headers: POLL_HEADERS,
  };
}

/** GET /notifications: `per_page` at most 50 (default 50), newest update first. */
export const listNotifications: GithubRoute = {
  resource: 'core',
  acceptedScopes: ACCEPTED_SCOPES,
  handler(request) {
    const viewer = requireNotificationsAccess(
      request,
      'list-notifications-for-the-authenticated-user',
    );
    return listThreads(
      request,
      viewer,
      null,
      pageRequest(request.query, { perPage: 50, maxPerPage: 50 }),
      `${request.urls.api}/notifications`,
    );
  },
};

/** GET /repos/{owner}/{repo}/notifications: the generic `per_page` (default 30, max 100). */
export const listRepoNotifications: GithubRoute = {
  resource: 'core',
  acceptedScopes: ACCEPTED_SCOPES,
  handler(request) {
    const viewer = requireNotificationsAccess(
      request,
      'list-repository-notifications-for-the-authenticated-user',
    );
    const target = resolveRepo(request);
    return listThreads(request, viewer, target, pageRequest(request.query), linkUrl(target));
  },
};

interface MarkBody {
  lastReadAt: number | null;
  read: boolean;
}

function markBody(body: unknown): MarkBody {
  if (body === undefined || body === null) return { lastReadAt: null, read: true };
  if (typeof body !== 'object' || Array.isArray(body))
    throw new GithubError(400, 'Problems parsing JSON');
  const { last_read_at: lastReadAt, read } = body as Record<string, unknown>;
  let at: number | null = null;
  if (lastReadAt !== undefined && lastReadAt !== null) {
    at = typeof lastReadAt === 'string' ? Date.parse(lastReadAt) : NaN;
    if (!Number.isFinite(at)) throw validationFailed('Notification', 'last_read_at');
  }
  if (read !== undefined && typeof read !== 'boolean')
    throw validationFailed('Notification', 'read');
  return { lastReadAt: at, read: read ?? true };
}

/** Marks every thread updated up to `last_read_at` (default now) read; 202 above the limit. */
function markAll(request: GithubRequest, viewer: Account, repoId: number | null) {
  const { lastReadAt, read } = markBody(request.body);
  const now = Date.now();
  const cutoff = lastReadAt ?? now;
  const stamp = new Date(lastReadAt ?? now).toISOString();
  const targets = request.world.notifications
    .threadsOf(viewer.id)
    .filter(
      (t: Thread) =>
        (repoId === null || t.repoId === repoId) &&
        !t.done &&
        t.unread === read &&
        Date.parse(t.updatedAt) <= cutoff,
    );
  for (const thread of targets) {
    thread.unread = !read;
    if (read) thread.lastReadAt = stamp;
  }
  if (targets.length > 0) request.world.touch();
  if (read && targets.length > MARK_READ_IN_ONE_REQUEST)
    return { status: 202, body: { message: MARK_READ_BACKGROUND_MESSAGE } };
  return { status: 205, body: undefined };
}

/** PUT /notifications `{last_read_at?, read?}`: 205, or 202 when many were unread. */
export const markAllRead: GithubRoute = {
  resource: 'core',
  acceptedScopes: ACCEPTED_SCOPES,
  handler(request) {
    const viewer = requireNotificationsAccess(request, 'mark-notifications-as-read');
    return markAll(request, viewer, null);
  },
};

/** PUT /repos/{owner}/{repo}/notifications `{last_read_at?}`. */
export const markRepoRead: GithubRoute = {
  resource: 'core',
  acceptedScopes: ACCEPTED_SCOPES,
  handler(request) {
    const viewer = requireNotificationsAccess(request, 'mark-repository-notifications-as-read');
    const target = resolveRepo(request);
    return markAll(request, viewer, target.repo.id);
  },
};

/** The viewer's own thread; another user's thread is a 404, like one that does not exist. */
function ownThread(request: GithubRequest, viewer: Account): Thread {
  const raw = request.params.threadId ?? '';
  const thread = /^\d{1,15}$/.test(raw)
    ? request.world.notifications.get(Number(raw), viewer.id)
    : undefined;
  if (!thread || !request.world.repos.has(thread.repoId)) throw notFound();
  return thread;
}

/** GET /notifications/threads/{id} */
export const getThread: GithubRoute = {
  resource: 'core',
  acceptedScopes: ACCEPTED_SCOPES,
  handler(request) {
    const viewer = requireNotificationsAccess(request, 'get-a-thread');
    const thread = ownThread(request, viewer);
    return {
      body: renderThread(request.render, thread),
      lastModified: httpDate(ghTime(thread.updatedAt)),
    };
  },
};

/** PATCH /notifications/threads/{id}: 205 Reset Content, no body. */
export const markThreadRead: GithubRoute = {
  resource: 'core',
  acceptedScopes: ACCEPTED_SCOPES,
  handler(request) {
    const viewer = requireNotificationsAccess(request, 'mark-a-thread-as-read');
    const thread = ownThread(request, viewer);
    thread.unread = false;
    thread.lastReadAt = new Date().toISOString();
    request.world.touch();
    return { status: 205, body: undefined };
  },
};

/** DELETE /notifications/threads/{id}: 204; done threads leave `all=false` lists (read in `all=true`). */
export const markThreadDone: GithubRoute = {
  resource: 'core',
  acceptedScopes: ACCEPTED_SCOPES,
  handler(request) {
    const viewer = requireNotificationsAccess(request, 'mark-a-thread-as-done');
    const thread = ownThread(request, viewer);
    thread.done = true;
    thread.unread = false;
    thread.lastReadAt = new Date().toISOString();
    request.world.touch();
    return { status: 204, body: undefined };
  },
};

/** GET …/subscription: 404 when the user has no subscription to the thread (a watched repo's). */
export const getThreadSubscription: GithubRoute = {
  resource: 'core',
  acceptedScopes: ACCEPTED_SCOPES,
  handler(request) {
    const viewer = requireNotificationsAccess(
      request,
      'get-a-thread-subscription-for-the-authenticated-user',
    );
    const thread = ownThread(request, viewer);
    if (!thread.subscription) throw notFound();
    return { body: renderThreadSubscription(request.render, thread, thread.subscription) };
  },
};

/** PUT …/subscription `{ignored?}`: `ignored: true` mutes the thread (no more updates). */
export const setThreadSubscription: GithubRoute = {
  resource: 'core',
  acceptedScopes: ACCEPTED_SCOPES,
  handler(request) {
    const viewer = requireNotificationsAccess(request, 'set-a-thread-subscription');
    const thread = ownThread(request, viewer);
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))
      throw new GithubError(400, 'Problems parsing JSON');
    const ignored = (body as Record<string, unknown> | undefined)?.ignored ?? false;
    if (typeof ignored !== 'boolean') throw validationFailed('ThreadSubscription', 'ignored');
    thread.subscription = {
      ignored,
      createdAt: thread.subscription?.createdAt ?? new Date().toISOString(),
    };
    request.world.touch();
    return { body: renderThreadSubscription(request.render, thread, thread.subscription) };
  },
};

/**
 * DELETE …/subscription: 204, and GET answers 404 afterwards. (On GitHub the thread then only
 * comes back through a watched repository; the emulator does not model watching, so new
 * activity still reaches it. Only `PUT {ignored: true}` stops updates.)
 */
export const deleteThreadSubscription: GithubRoute = {
  resource: 'core',
  acceptedScopes: ACCEPTED_SCOPES,
  handler(request) {
    const viewer = requireNotificationsAccess(request, 'delete-a-thread-subscription');
    const thread = ownThread(request, viewer);
    thread.subscription = null;
    request.world.touch();
    return { status: 204, body: undefined };
  },
};
