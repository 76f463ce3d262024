import type {
  Notification,
  NotificationFacets,
  NotificationSeverity,
  NotificationType,
} from '@shipdeck/shared/notifications';
import { NOTIFICATION_SOURCES } from '@shipdeck/shared/notification-constants';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { githubItemDto } from './inbox-items.js';
import { refKey, threadPullRequests } from './thread-pull-requests.js';

/** One row of the merged inbox: Shipdeck's events and GitHub threads in one shape. */
interface InboxRow {
  id: string;
  source: 'github' | 'shipdeck';
  type: string | null;
  reason: string | null;
  repository: string | null;
  subject_type: string | null;
  title: string;
  message: string | null;
  severity: string | null;
  link: string | null;
  created_at: string;
  unread: number | string;
  pull_request_number: number | string | null;
}

/**
 * The user's inbox as one relation, so filters, order and paging apply to both sources at once:
 * Shipdeck's events not cleared, and (when they belong in it) the GitHub threads.
 */
function inboxItems(db: Db, userId: string, includeGithub: boolean) {
  const shipdeck = db
    .selectFrom('notifications')
    .select([
      'notifications.id as id',
      sql<'github' | 'shipdeck'>`'shipdeck'`.as('source'),
      sql<string | null>`notifications.type`.as('type'),
      sql<string | null>`cast(null as text)`.as('reason'),
      'notifications.repository as repository',
      sql<string | null>`cast(null as text)`.as('subject_type'),
      'notifications.title as title',
      sql<string | null>`notifications.message`.as('message'),
      sql<string | null>`notifications.severity`.as('severity'),
      'notifications.link as link',
      'notifications.created_at as created_at',
      sql<number>`case when notifications.read_at is null then 1 else 0 end`.as('unread'),
      sql<number | null>`cast(null as integer)`.as('pull_request_number'),
    ])
    .where('notifications.user_id', '=', userId)
    .where('notifications.cleared_at', 'is', null);
  if (!includeGithub) return shipdeck;
  const github = db
    .selectFrom('github_notification_threads')
    .select([
      sql<string>`'github-' || github_notification_threads.thread_id`.as('id'),
      sql<'github' | 'shipdeck'>`'github'`.as('source'),
      sql<string | null>`cast(null as text)`.as('type'),
      sql<string | null>`github_notification_threads.reason`.as('reason'),
      sql<string | null>`github_notification_threads.repository`.as('repository'),
      'github_notification_threads.subject_type as subject_type',
      'github_notification_threads.subject_title as title',
      sql<string | null>`cast(null as text)`.as('message'),
      sql<string | null>`cast(null as text)`.as('severity'),
      'github_notification_threads.link as link',
      'github_notification_threads.updated_at as created_at',
      sql<number>`github_notification_threads.unread`.as('unread'),
      'github_notification_threads.pull_request_number as pull_request_number',
    ])
    .where('github_notification_threads.user_id', '=', userId);
  return shipdeck.unionAll(github);
}

export interface InboxFilters {
  source?: 'github' | 'shipdeck' | undefined;
  type?: NotificationType | undefined;
  reason?: string | undefined;
  repository?: string | undefined;
  unread?: boolean | undefined;
}

export interface InboxPage {
  items: Notification[];
  total: number;
  unreadCount: number;
  facets: NotificationFacets;
}

function facetList(rows: readonly { value: string | null; unread: unknown }[]) {
  return rows
    .filter((row): row is { value: string; unread: unknown } => row.value !== null)
    .map((row) => ({ value: row.value, unread: Number(row.unread ?? 0) }))
    .sort((a, b) => b.unread - a.unread || a.value.localeCompare(b.value));
}

/**
 * A page of the merged inbox, newest first, with the total under the filters, the unread count of
 * the whole inbox (the bell) and unread counts per source, reason and repository (over the whole
 * inbox, so every filter shows what it holds whichever is chosen).
 */
export async function listInbox(
  db: Db,
  userId: string,
  options: InboxFilters & { includeGithub: boolean; limit: number; offset: number },
): Promise<InboxPage> {
  const items = () => db.selectFrom(inboxItems(db, userId, options.includeGithub).as('items'));
  let filtered = items();
  if (options.source) filtered = filtered.where('items.source', '=', options.source);
  if (options.type) filtered = filtered.where('items.type', '=', options.type);
  if (options.reason) filtered = filtered.where('items.reason', '=', options.reason);
  if (options.repository) filtered = filtered.where('items.repository', '=', options.repository);
  if (options.unread !== undefined) {
    filtered = filtered.where('items.unread', '=', options.unread ? 1 : 0);
  }
  const unreadSum = sql<number | string | null>`sum(items.unread)`;
  const [rows, counted, sources, reasons, repositories] = await Promise.all([
    filtered
      .selectAll()
      // id breaks ties between items of the same instant, so pages never overlap.
      .orderBy('items.created_at', 'desc')
      .orderBy('items.id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute() as Promise<InboxRow[]>,
    filtered
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
    items()
      .select(['items.source as value', unreadSum.as('unread')])
      .groupBy('items.source')
      .execute(),
    items()
      .where('items.reason', 'is not', null)
      .select(['items.reason as value', unreadSum.as('unread')])
      .groupBy('items.reason')
      .execute(),
    items()
      .where('items.repository', 'is not', null)
      .select(['items.repository as value', unreadSum.as('unread')])
      .groupBy('items.repository')
      .execute(),
  ]);
  const bySource = new Map(sources.map((row) => [row.value, Number(row.unread ?? 0)]));
  const refs = rows.flatMap((row) =>
    row.source === 'github' && row.pull_request_number !== null && row.repository !== null
      ? [{ repository: row.repository, number: Number(row.pull_request_number) }]
      : [],
  );
  const pullRequests = await threadPullRequests(db, userId, refs);
  return {
    items: rows.map((row) => toItem(row, pullRequests)),
    total: Number(counted.count),
    unreadCount: [...bySource.values()].reduce((sum, count) => sum + count, 0),
    facets: {
      sources: NOTIFICATION_SOURCES.map((value) => ({ value, unread: bySource.get(value) ?? 0 })),
      reasons: facetList(reasons),
      repositories: facetList(repositories),
    },
  };
}

function toItem(row: InboxRow, pullRequests: Awaited<ReturnType<typeof threadPullRequests>>) {
  const unread = Number(row.unread);
  if (row.source === 'github') {
    const number = row.pull_request_number === null ? null : Number(row.pull_request_number);
    const repository = row.repository ?? '';
    return githubItemDto(
      {
        thread_id: row.id.slice('github-'.length),
        reason: row.reason ?? '',
        unread,
        updated_at: row.created_at,
        subject_type: row.subject_type,
        subject_title: row.title,
        repository,
        link: row.link,
        pull_request_number: number,
      },
      number === null ? null : (pullRequests.get(refKey({ repository, number })) ?? null),
    );
  }
  return {
    id: row.id,
    source: 'shipdeck' as const,
    type: row.type as NotificationType,
    reason: null,
    repository: row.repository,
    subjectType: null,
    pullRequest: null,
    title: row.title,
    message: row.message ?? '',
    severity: (row.severity ?? 'low') as NotificationSeverity,
    link: row.link,
    createdAt: row.created_at,
    read: unread === 0,
  };
}

/** The bell's count: unread items of both sources. */
export async function countInboxUnread(
  db: Db,
  userId: string,
  includeGithub: boolean,
): Promise<number> {
  const row = await db
    .selectFrom(inboxItems(db, userId, includeGithub).as('items'))
    .select(sql<number | string | null>`sum(items.unread)`.as('unread'))
    .executeTakeFirst();
  return Number(row?.unread ?? 0);
}
