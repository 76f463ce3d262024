import type { Notification } from '@shipdeck/shared/notifications';
import type { NotificationRow } from './notifications.table.js';

export function toNotificationDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    severity: row.severity,
    link: row.link,
    createdAt: row.created_at,
    read: row.read_at !== null,
  };
}
