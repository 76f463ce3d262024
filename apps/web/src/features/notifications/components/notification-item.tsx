import type { Notification, NotificationSeverity } from '@shipdeck/shared/notifications';
import { useNavigate } from 'react-router';
import { RelativeTime } from '@/components/ui/relative-time';
import { cx } from '@/utils/cx';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { notificationKindLabel } from '../notification-labels';
import { notificationTarget } from '../notification-link';
import { SourceMark } from './source-mark';

const severityDot: Record<NotificationSeverity, string> = {
  critical: 'bg-red-600',
  high: 'bg-orange-500',
  medium: 'bg-blue-500',
  low: 'bg-zinc-400',
};

/** One item of the bell's panel: clicking marks it read and opens what it is about. */
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
    const target = notificationTarget(notification.link);
    if (target?.kind === 'app') void navigate(target.path);
    else if (target?.kind === 'external') window.open(target.href, '_blank', 'noopener,noreferrer');
  };
  const kind = notificationKindLabel(notification);
  // A GitHub thread's message may be empty: its reason and repository say what it is.
  const detail =
    notification.message ||
    [kind, notification.repository].filter((part): part is string => Boolean(part)).join(' · ');
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
        <span className="mt-0.5 flex items-start gap-1.5 text-sm text-zinc-600 dark:text-zinc-400">
          {notification.source === 'github' ? (
            <SourceMark source="github" className="mt-0.5 size-3.5 [&_svg]:size-3.5" />
          ) : null}
          <span className="line-clamp-2 min-w-0 break-words">{detail}</span>
        </span>
        {!notification.read ? <span className="sr-only">Unread</span> : null}
      </span>
    </button>
  );
}
