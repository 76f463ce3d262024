import type { Notification, NotificationSeverity } from '@shipdeck/shared/notifications';
import { useNavigate } from 'react-router';
import { RelativeTime } from '@/components/ui/relative-time';
import { cx } from '@/utils/cx';
import { useMarkNotificationRead } from '../api/mark-notification-read';

const severityDot: Record<NotificationSeverity, string> = {
  critical: 'bg-red-600',
  high: 'bg-orange-500',
  medium: 'bg-blue-500',
  low: 'bg-zinc-400',
};

/** One item: clicking marks it read and opens what it is about. */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen?: () => void;
}) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const open = () => {
    if (!notification.read) markRead.mutate(notification.id);
    onOpen?.();
    const link = notification.link;
    if (!link) return;
    if (link.startsWith('/')) void navigate(link);
    else window.open(link, '_blank', 'noopener,noreferrer');
  };
  return (
    <button
      type="button"
      onClick={open}
      className={cx(
        'flex w-full gap-3 px-4 py-3 text-left hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:outline-none dark:hover:bg-zinc-800/60 dark:focus-visible:bg-zinc-800/60',
        !notification.read && 'bg-blue-50/60 dark:bg-blue-950/30',
      )}
    >
      <span
        aria-hidden="true"
        className={cx('mt-1.5 size-2 shrink-0 rounded-full', severityDot[notification.severity])}
      />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span
            className={cx(
              'truncate text-sm text-zinc-900 dark:text-zinc-100',
              !notification.read && 'font-semibold',
            )}
          >
            {notification.title}
          </span>
          <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
            <RelativeTime value={notification.createdAt} />
          </span>
        </span>
        <span className="mt-0.5 line-clamp-2 block text-sm break-words text-zinc-600 dark:text-zinc-400">
          {notification.message}
        </span>
        {!notification.read ? <span className="sr-only">Unread</span> : null}
      </span>
    </button>
  );
}
