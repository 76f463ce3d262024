import type { Notification } from '@shipdeck/shared/notifications';

/** GitHub's reason for a check suite's runs: on a busy account most threads are these. */
export const CI_ACTIVITY_REASON = 'ci_activity';

export type InboxItemRow = { kind: 'item'; key: string; notification: Notification };
export type InboxGroupRow = {
  kind: 'ci-group';
  key: string;
  /** `owner/name`, or null for threads that name no repository. */
  repository: string | null;
  /** Newest first, as the inbox lists them. */
  notifications: Notification[];
};
export type InboxRow = InboxItemRow | InboxGroupRow;

/** A row the keyboard can land on: an item (possibly inside an open group) or a group's header. */
export type InboxEntry =
  | { kind: 'item'; key: string; notification: Notification; groupKey: string | null }
  | { kind: 'ci-group'; key: string; group: InboxGroupRow };

export function itemKey(notification: Notification): string {
  return `item:${notification.id}`;
}

function groupKey(repository: string | null): string {
  return `ci:${repository ?? ''}`;
}

function isCiActivity(notification: Notification): boolean {
  return notification.source === 'github' && notification.reason === CI_ACTIVITY_REASON;
}

/**
 * The inbox's rows in the order they came (newest first): CI activity threads are gathered into
 * one row per repository, placed where that repository's newest CI thread was; every other item
 * is a row of its own.
 */
export function groupInboxRows(notifications: readonly Notification[]): InboxRow[] {
  const rows: InboxRow[] = [];
  const groups = new Map<string, InboxGroupRow>();
  for (const notification of notifications) {
    if (!isCiActivity(notification)) {
      rows.push({ kind: 'item', key: itemKey(notification), notification });
      continue;
    }
    const key = groupKey(notification.repository);
    const group = groups.get(key);
    if (group) {
      group.notifications.push(notification);
    } else {
      const created: InboxGroupRow = {
        kind: 'ci-group',
        key,
        repository: notification.repository,
        notifications: [notification],
      };
      groups.set(key, created);
      rows.push(created);
    }
  }
  return rows;
}

/** The rows the keyboard moves through: a group's items follow its header while it is open. */
export function inboxEntries(
  rows: readonly InboxRow[],
  expanded: ReadonlySet<string>,
): InboxEntry[] {
  const entries: InboxEntry[] = [];
  for (const row of rows) {
    if (row.kind === 'item') {
      entries.push({ ...row, groupKey: null });
      continue;
    }
    entries.push({ kind: 'ci-group', key: row.key, group: row });
    if (expanded.has(row.key)) {
      for (const notification of row.notifications) {
        entries.push({ kind: 'item', key: itemKey(notification), notification, groupKey: row.key });
      }
    }
  }
  return entries;
}

/** The notifications an entry stands for: a group's header acts on all of its threads. */
export function entryNotifications(entry: InboxEntry): Notification[] {
  return entry.kind === 'item' ? [entry.notification] : entry.group.notifications;
}

/** GitHub pull-request threads whose pull request has merged or closed: "Done: merged and closed". */
export function mergedOrClosedCount(notifications: readonly Notification[]): number {
  return notifications.filter(
    (notification) =>
      notification.source === 'github' &&
      (notification.pullRequest?.state === 'merged' ||
        notification.pullRequest?.state === 'closed'),
  ).length;
}
