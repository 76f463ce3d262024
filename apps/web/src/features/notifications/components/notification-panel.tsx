import { pageSizes } from '@shipdeck/shared/constants';
import { errorMessages } from '@shipdeck/shared/messages';
import { notificationTexts } from '@shipdeck/shared/notification-constants';
import { BellOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useClearNotifications } from '../api/clear-notifications';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { NotificationItem } from './notification-item';
import { NotificationPanelHeader, NotificationsLoading } from './notification-panel-placeholder';

/**
 * The bell panel's heading actions and list, once its code is here: rendered by
 * `NotificationPopover` only while the panel is open, so a page drawn by the server hydrates no
 * list nobody sees. `onOpen`: an item was chosen (the panel then hides).
 */
export function NotificationPanel({ onOpen }: { onOpen: () => void }) {
  const query = useNotifications({ page: 1, perPage: pageSizes.notificationsPanel });
  const markAll = useMarkAllNotificationsRead();
  const clear = useClearNotifications();
  const unread = query.data?.unreadCount ?? 0;
  const items = query.data?.notifications ?? [];
  return (
    <>
      <NotificationPanelHeader>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {notificationTexts.markAllRead}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={items.length === 0 || clear.isPending}
          onClick={() => clear.mutate()}
        >
          {notificationTexts.clearAll}
        </Button>
      </NotificationPanelHeader>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {query.isPending ? (
          <NotificationsLoading />
        ) : query.isError ? (
          <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              {notificationTexts.loadFailed}
            </p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try Again
            </Button>
            <span className="sr-only">{errorMessages.checkConsole}</span>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-8 text-center">
            <BellOff aria-hidden="true" className="mb-2 size-5 text-zinc-400" />
            <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
              {notificationTexts.empty}
            </p>
            <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
              {notificationTexts.emptyHint}
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
