import type { Notification } from '@shipdeck/shared/notifications';
import type { NotificationRow } from './notifications.table.js';

/** One of Shipdeck's own events as an inbox item. */
export function toNotificationDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    source: 'shipdeck',
    type: row.type,
    reason: null,
    repository: row.repository,
    subjectType: null,
    pullRequest: null,
    title: row.title,
    message: row.message,
    severity: row.severity,
    link: row.link,
    createdAt: row.created_at,
    read: row.read_at !== null,
  };
}
