import * as Popover from '@radix-ui/react-popover';
import { pageSizes } from '@shipdeck/shared/constants';
import { errorMessages } from '@shipdeck/shared/messages';
import { notificationTexts } from '@shipdeck/shared/notification-constants';
import { BellOff } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useClearNotifications } from '../api/clear-notifications';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { NotificationItem } from './notification-item';

type NotificationPopoverProps = {
  /** The bell button, the same element the header showed before this module loaded. */
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The notification panel: loaded by `NotificationBell` on the first open, with Radix's popover. */
export function NotificationPopover({
  trigger,
  open,
  onOpenChange: setOpen,
}: NotificationPopoverProps) {
  const query = useNotifications({ page: 1, perPage: pageSizes.notificationsPanel });
  const markAll = useMarkAllNotificationsRead();
  const clear = useClearNotifications();
  const unread = query.data?.unreadCount ?? 0;
  const items = query.data?.notifications ?? [];

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Notifications"
          className="z-50 flex max-h-[min(32rem,80vh)] w-80 max-w-[calc(100vw-1rem)] flex-col rounded-lg border border-zinc-200 bg-white shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="flex items-center justify-between gap-2 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
            <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">Notifications</h2>
            <div className="flex gap-1">
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
            </div>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {query.isPending ? (
              <div className="flex justify-center py-8" role="status" aria-label="Loading">
                <Spinner />
              </div>
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
                    <NotificationItem notification={notification} onOpen={() => setOpen(false)} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-zinc-200 p-1.5 dark:border-zinc-800">
            <Link
              to={paths.notifications}
              onClick={() => setOpen(false)}
              className="block rounded-md px-3 py-2 text-center text-sm font-medium text-blue-600 hover:bg-zinc-50 dark:text-blue-400 dark:hover:bg-zinc-800"
            >
              {notificationTexts.viewAll}
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
