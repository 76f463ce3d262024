import { githubReasonLabel, notificationTypeLabels } from '@shipdeck/shared/notification-constants';
import type { Notification } from '@shipdeck/shared/notifications';

/** What kind of item it is: GitHub's reason for a thread, Shipdeck's kind for its own event. */
export function notificationKindLabel(notification: Notification): string | null {
  if (notification.source === 'github') {
    return notification.reason ? githubReasonLabel(notification.reason) : null;
  }
  return notification.type ? notificationTypeLabels[notification.type] : null;
}
