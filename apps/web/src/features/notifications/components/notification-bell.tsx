import * as Popover from '@radix-ui/react-popover';
import { Bell, BellOff } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * The notification centre arrives with its own issue. Until then the bell is honest:
 * it opens a panel saying there is nothing yet, with no badge and no invented items.
 */
export function NotificationBell() {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Notifications"
          className="text-zinc-600 dark:text-zinc-300"
        >
          <Bell aria-hidden="true" />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Notifications"
          className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-lg border border-zinc-200 bg-white shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
            <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">Notifications</h2>
          </div>
          <div className="flex flex-col items-center px-6 py-8 text-center">
            <BellOff aria-hidden="true" className="mb-2 size-5 text-zinc-400" />
            <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
              No notifications yet
            </p>
            <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
              Merged pull requests, deployment results and new commits will show up here once your
              providers are connected.
            </p>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
