import { RequestError } from '@octokit/request-error';
import type { Notification } from '@shipdeck/shared/notifications';
import type { FastifyInstance } from 'fastify';
import { RetryLaterError } from '../../jobs/job-queue.js';
import { openSyncClient } from '../github-client/github-sync-client.js';
import { storeAndAnnounce } from '../notifications/notify.js';
import type { GithubInboxAccess, GithubNotificationThreadRow } from './github-inbox.table.js';
import type { ThreadInsert } from './github-inbox.repository.js';
import {
  deleteGithubInbox,
  deleteThreads,
  findGithubTokenRow,
  findPollState,
  markUnlistedRead,
  savePollState,
  storedThreads,
  upsertThread,
} from './github-inbox.repository.js';
import { tokenCanReadNotifications } from './inbox-access.js';
import { githubItemDto } from './inbox-items.js';
import { pullRequestStates, refKey } from './thread-pull-requests.js';
import type { WireThread } from './thread-wire.js';
import { isoTime, parseThreads, pullRequestNumber, threadWebLink } from './thread-wire.js';

/** GitHub's `X-Poll-Interval` when an answer lacks one. */
export const DEFAULT_POLL_INTERVAL_SECONDS = 60;
/** How often a user without Shipdeck open is polled (and a token that cannot read is re-checked). */
export const OFFLINE_POLL_INTERVAL_MS = 10 * 60_000;
/**
 * A 304 says nothing new arrived, not that nothing was read on GitHub (reading does not move
 * Last-Modified): a poll this long after the last complete list asks without If-Modified-Since,
 * so threads read on GitHub show as read.
 */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** Pages of 50 read at most per poll (1,000 unread threads). */
export const MAX_POLL_PAGES = 20;
/** Live announcements per poll at most: the page refetches the list on the first anyway. */
const MAX_ANNOUNCED = 5;

export type PollOutcome =
  | 'not-connected'
  | 'too-soon'
  | 'unsupported-token'
  | 'missing-scope'
  | 'not-modified'
  | 'synced'
  | 'failed';

export interface PollResult {
  outcome: PollOutcome;
  /** Upstream requests made. */
  requests: number;
  /** Threads written (new, changed, or marked read because GitHub no longer lists them unread). */
  written: number;
}

function header(headers: Record<string, unknown>, name: string): string | null {
  const value = headers[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

function githubMessage(error: RequestError): string {
  const data: unknown = error.response?.data;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string') return message;
  }
  return error.message;
}

/** What a 403 from the notifications API means: a token kind that can never read them, or a scope. */
export function accessFromRefusal(error: RequestError): Exclude<GithubInboxAccess, 'synced'> {
  return /personal access token|integration/i.test(githubMessage(error))
    ? 'unsupported-token'
    : 'missing-scope';
}

function isRateLimited(error: RequestError): boolean {
  const headers = error.response?.headers ?? {};
  return (
    (error.status === 403 || error.status === 429) &&
    (headers['x-ratelimit-remaining'] === '0' || headers['retry-after'] !== undefined)
  );
}

function later(now: Date, ms: number): string {
  return new Date(now.getTime() + ms).toISOString();
}

function changed(stored: GithubNotificationThreadRow | undefined, row: ThreadInsert): boolean {
  if (!stored) return true;
  return (
    stored.updated_at !== row.updated_at ||
    stored.unread !== row.unread ||
    stored.reason !== row.reason ||
    stored.subject_title !== row.subject_title ||
    stored.last_read_at !== row.last_read_at ||
    stored.link !== row.link ||
    stored.repository !== row.repository
  );
}

/**
 * One poll of the user's GitHub notifications (`GET /notifications?all=false`), the durable
 * job's work. Never sooner than GitHub's `X-Poll-Interval` after the last (unless `force`); sends
 * the last `Last-Modified` as If-Modified-Since, and a 304 writes no thread and announces nothing;
 * follows `Link` rel="next"; after a complete list, an unread thread GitHub no longer lists was
 * read (or done) on GitHub and becomes read here. New and bumped unread threads are announced over
 * SSE through the notifications sink.
 */
export async function pollGithubInbox(
  app: FastifyInstance,
  userId: string,
  options: { now?: Date; force?: boolean } = {},
): Promise<PollResult> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const db = app.db;
  const result: PollResult = { outcome: 'failed', requests: 0, written: 0 };
  const connection = await findGithubTokenRow(db, userId);
  if (!connection || !connection.github_id || !connection.github_login) {
    await deleteGithubInbox(db, userId);
    return { ...result, outcome: 'not-connected' };
  }
  let poll = await findPollState(db, userId);
  if (!poll || poll.token_updated_at !== connection.updated_at) {
    // A new token (or account) starts afresh: nothing read with the old one stays.
    await deleteThreads(db, userId);
    await savePollState(db, userId, {
      access: null,
      last_modified: null,
      not_before: null,
      last_full_at: null,
      last_success_at: null,
      last_error: null,
      token_updated_at: connection.updated_at,
    });
    poll = await findPollState(db, userId);
  }
  if (!poll) return result;
  if (!options.force && poll.not_before && Date.parse(poll.not_before) > now.getTime()) {
    return { ...result, outcome: 'too-soon' };
  }

  const refuse = async (access: Exclude<GithubInboxAccess, 'synced'>) => {
    await deleteThreads(db, userId);
    await savePollState(db, userId, {
      access,
      last_modified: null,
      last_poll_at: at,
      not_before: later(now, OFFLINE_POLL_INTERVAL_MS),
      last_error: null,
    });
    return { ...result, outcome: access };
  };
  if (!tokenCanReadNotifications(app.secrets.open(connection.token_sealed))) {
    return refuse('unsupported-token');
  }
  const client = await openSyncClient(app, userId, connection.github_login, 'inbox');
  if (!client) return { ...result, outcome: 'not-connected' };

  const full =
    !poll.last_modified ||
    !poll.last_full_at ||
    now.getTime() - Date.parse(poll.last_full_at) >= RECONCILE_AFTER_MS;
  const params = { all: false, participating: false, per_page: 50 };
  const threads: WireThread[] = [];
  let first;
  let complete = false;
  try {
    first = await client.get('GET /notifications', { ...params, page: 1 }, null, {
      ifModifiedSince: full ? null : poll.last_modified,
    });
    if (first.status === 200) {
      let answer = first;
      for (let page = 1; ; page += 1) {
        if (page > 1) answer = await client.get('GET /notifications', { ...params, page });
        threads.push(...parseThreads(answer.data));
        if (!answer.link || !/rel="next"/.test(answer.link)) {
          complete = true;
          break;
        }
        if (page >= MAX_POLL_PAGES) break;
      }
    }
  } catch (error) {
    result.requests = client.requests;
    if (error instanceof RetryLaterError) {
      await savePollState(db, userId, { not_before: later(now, error.seconds * 1000) });
      throw error;
    }
    if (error instanceof RequestError && error.status === 403 && !isRateLimited(error)) {
      return { ...(await refuse(accessFromRefusal(error))), requests: client.requests };
    }
    app.log.warn({ err: error, userId }, 'GitHub notifications poll failed');
    const revoked = error instanceof RequestError && error.status === 401;
    await savePollState(db, userId, {
      last_poll_at: at,
      // A revoked token waits for the slow cadence; GitHub failing, for its own interval.
      not_before: later(
        now,
        revoked
          ? OFFLINE_POLL_INTERVAL_MS
          : (poll.poll_interval_seconds || DEFAULT_POLL_INTERVAL_SECONDS) * 1000,
      ),
      last_error: revoked
        ? 'GitHub no longer accepts the saved token'
        : 'GitHub could not be reached',
    });
    return result;
  }
  result.requests = client.requests;
  const interval = Math.max(
    1,
    Number(header(first.headers, 'x-poll-interval')) || DEFAULT_POLL_INTERVAL_SECONDS,
  );
  const pollState = {
    access: 'synced' as const,
    poll_interval_seconds: interval,
    not_before: later(now, interval * 1000),
    last_poll_at: at,
    last_success_at: at,
    last_error: null,
  };
  if (first.status === 304) {
    await savePollState(db, userId, pollState);
    return { ...result, outcome: 'not-modified' };
  }

  const stored = await storedThreads(
    db,
    userId,
    threads.map((thread) => thread.id),
  );
  const rows = threads.map((thread): ThreadInsert => {
    const before = stored.get(thread.id);
    const updatedAt = isoTime(thread.updated_at);
    const number = pullRequestNumber(thread.subject);
    return {
      user_id: userId,
      thread_id: thread.id,
      reason: thread.reason,
      unread: thread.unread ? 1 : 0,
      updated_at: updatedAt,
      last_read_at: thread.last_read_at ? isoTime(thread.last_read_at) : null,
      subject_type: thread.subject.type ?? null,
      subject_title: thread.subject.title ?? '',
      subject_url: thread.subject.url ?? null,
      latest_comment_url: thread.subject.latest_comment_url ?? null,
      repository: thread.repository.full_name,
      repository_html_url: thread.repository.html_url,
      link: threadWebLink(thread),
      pull_request_number: number,
      pull_request_state_at_arrival: before?.pull_request_state_at_arrival ?? null,
      muted_at: before?.muted_at ?? null,
      first_seen_at: before?.first_seen_at ?? at,
      synced_at: at,
    };
  });
  const arriving = rows.filter((row) => {
    const before = stored.get(row.thread_id);
    return !before || before.updated_at !== row.updated_at;
  });
  // The state of each arriving thread's pull request now, for "merged or closed since it arrived".
  const states = await pullRequestStates(
    db,
    userId,
    arriving.flatMap((row) =>
      row.pull_request_number === null || row.pull_request_number === undefined
        ? []
        : [{ repository: row.repository, number: row.pull_request_number }],
    ),
  );
  for (const row of arriving) {
    if (row.pull_request_number === null || row.pull_request_number === undefined) continue;
    row.pull_request_state_at_arrival =
      states.get(refKey({ repository: row.repository, number: row.pull_request_number })) ?? 'open';
  }
  const toWrite = rows.filter((row) => changed(stored.get(row.thread_id), row));
  // The first poll of a token imports the inbox: one announcement refreshes the open page
  // without a toast per thread; later polls announce what arrived, newest first.
  const firstImport = !poll.last_success_at;
  const announce: Notification[] = arriving
    .filter((row) => row.unread === 1)
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .slice(0, firstImport ? 1 : MAX_ANNOUNCED)
    .map((row) =>
      githubItemDto(
        {
          ...row,
          unread: 1,
          link: row.link ?? null,
          pull_request_number: row.pull_request_number ?? null,
          subject_type: row.subject_type ?? null,
        },
        row.pull_request_number === null || row.pull_request_number === undefined
          ? null
          : {
              number: row.pull_request_number,
              state:
                (row.pull_request_state_at_arrival as 'open' | 'closed' | 'merged' | null) ??
                'open',
              shipStatus: null,
            },
      ),
    );
  const listed = new Set(rows.map((row) => row.thread_id));
  result.written = await storeAndAnnounce(app, userId, async (trx) => {
    for (const row of toWrite) await upsertThread(trx, row);
    const read = complete ? await markUnlistedRead(trx, userId, listed, at) : 0;
    await savePollState(trx, userId, {
      ...pollState,
      last_modified: first.lastModified ?? poll.last_modified,
      // A list of more than MAX_POLL_PAGES pages reconciles only what it read, on the same cadence.
      last_full_at: at,
    });
    return {
      result: toWrite.length + read,
      announce: connection.pref_notifications === 1 ? announce : [],
    };
  });
  return { ...result, outcome: 'synced' };
}
