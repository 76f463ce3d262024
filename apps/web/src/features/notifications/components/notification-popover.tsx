import { notificationPanelTexts } from '@shipdeck/shared/notification-panel-texts';
import { Suspense, useDeferredValue, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { NativePopover } from '@/components/ui/native-popover';
import { paths } from '@/config/paths';
import { cx } from '@/utils/cx';
import { preloadable } from '@/utils/preloadable';
import { prefetchAfterFirstInteraction } from '@/utils/when-idle';
import { NotificationPanelPlaceholder } from './notification-panel-placeholder';

// The panel's working part (its actions, the list, its items' labels and links: 1.3 KB gzipped,
// with the notification centre's texts, 1.8 KB, beside it) stays out of the first load of every
// signed-in page. It is fetched once the page's first interaction has been answered and the
// browser is idle, or when the pointer or focus reaches a bell, so an open panel rarely waits.
const { preload: loadPanel, Component: NotificationPanel } = preloadable(() =>
  import('./notification-panel').then((module) => module.NotificationPanel),
);

/** Fetches the panel's code ahead of the first open. A failed fetch is tried again on the open. */
export function prefetchNotificationPanel(): void {
  void loadPanel().catch(() => undefined);
}

/**
 * The bell's panel, as the browser's own popover (issue 34): drawn with the page, hidden, so the
 * browser shows it the instant its bell is pressed, before the app has run, with its heading,
 * its actions and the link to the inbox. What it lists is rendered only while it is open: a page
 * the server drew hydrates no list nobody sees, and until the list's code and answer are here
 * the panel shows the loading status.
 */
export function NotificationPopover({ popover }: { popover: NativePopover }) {
  const surface = useRef<HTMLDivElement>(null);
  // The panel paints with the press; its list renders in the pass after (a deferred value), so
  // it never holds the press's frame back.
  const listShown = useDeferredValue(popover.open);
  // Both bells on /dashboard ask; the module is fetched once.
  useEffect(() => prefetchAfterFirstInteraction(prefetchNotificationPanel), []);
  // A popover gives focus only to an [autofocus] element in it: keyboard users land in the panel
  // (announced as the "Notifications" dialog) instead of staying on the bell behind it. The
  // browser gives focus back to the bell when the panel hides.
  useEffect(() => {
    const panel = surface.current;
    if (popover.open && panel && !panel.contains(document.activeElement)) panel.focus();
  }, [popover.open]);

  return (
    <div
      {...popover.popoverProps}
      ref={surface}
      role="dialog"
      aria-label="Notifications"
      tabIndex={-1}
      className={cx(
        popover.popoverProps.className,
        // `open:flex`, not `flex`: a display of its own would show the panel while it is closed
        // (the browser hides a closed popover with its own, weaker `display: none`).
        'max-h-[min(32rem,80vh)] w-80 max-w-[calc(100vw-1rem)] flex-col rounded-lg border border-zinc-200 bg-white shadow-lg outline-none open:flex dark:border-zinc-800 dark:bg-zinc-900',
      )}
    >
      {popover.drawn ? (
        <>
          {listShown ? (
            <Suspense fallback={<NotificationPanelPlaceholder />}>
              <NotificationPanel onOpen={popover.hide} />
            </Suspense>
          ) : (
            <NotificationPanelPlaceholder />
          )}
          <div className="border-t border-zinc-200 p-1.5 dark:border-zinc-800">
            <Link
              to={paths.notifications}
              onClick={popover.hide}
              className="block rounded-md px-3 py-2 text-center text-sm font-medium text-blue-600 hover:bg-zinc-50 dark:text-blue-400 dark:hover:bg-zinc-800"
            >
              {notificationPanelTexts.viewAll}
            </Link>
          </div>
        </>
      ) : null}
    </div>
  );
}
