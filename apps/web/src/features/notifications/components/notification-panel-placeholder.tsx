import { notificationPanelTexts } from '@shipdeck/shared/notification-panel-texts';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The bell panel's heading row; `children` are its actions. */
export function NotificationPanelHeader({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-2 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
      <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">Notifications</h2>
      <div className="flex gap-1">{children}</div>
    </div>
  );
}

/** The bell panel's body while its list has nothing to show yet (code or answer). */
export function NotificationsLoading() {
  return (
    <div className="flex justify-center py-8" role="status" aria-label="Loading">
      <Spinner />
    </div>
  );
}

/**
 * The bell panel's heading and body as the page draws them (issue 34): in the hidden panel, so a
 * panel the browser opens before the app has run shows them at once, and while the panel's code
 * (notification-panel.tsx) loads. Its actions are disabled: what they do comes with that code.
 */
export function NotificationPanelPlaceholder() {
  return (
    <>
      <NotificationPanelHeader>
        <Button variant="ghost" size="sm" disabled>
          {notificationPanelTexts.markAllRead}
        </Button>
        <Button variant="ghost" size="sm" disabled>
          {notificationPanelTexts.clearAll}
        </Button>
      </NotificationPanelHeader>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <NotificationsLoading />
      </div>
    </>
  );
}
