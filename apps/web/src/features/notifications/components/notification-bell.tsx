import { pageSizes } from '@shipdeck/shared/constants';
import { Bell } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useMountedWhenIdle } from '@/hooks/use-mounted-when-idle';
import { preloadOnHeldPress } from '@/utils/held-press';
import { preloadable } from '@/utils/preloadable';
import { useNotifications } from '../api/get-notifications';
import { UnreadBadge } from './unread-badge';

const { preload: loadPopover, Component: NotificationPopover } = preloadable(() =>
  import('./notification-popover').then((module) => module.NotificationPopover),
);
// A failed prefetch is no error to report: the first open fetches the code again.
const prefetch = () => void loadPopover().catch(() => undefined);
// Pressed before the drawn page hydrated: the popover's code loads meanwhile (issue 34).
preloadOnHeldPress('Notifications', prefetch);

/**
 * The one notification centre, behind the header bell and the dashboard bell alike. The bell
 * and its unread count render at once; the panel and Radix's popover (about 12 KB gzipped) stay
 * out of the page's first load and load once the browser is idle after the bell has painted (or
 * earlier, when the pointer or focus reaches it), so the first click opens the panel at once.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  // Both bells ask; the module is fetched once.
  const [wanted, mount] = useMountedWhenIdle(loadPopover);
  const query = useNotifications({ page: 1, perPage: pageSizes.notificationsPanel });
  const unread = query.data?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  const trigger = (
    <Button
      variant="quiet"
      size="icon"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      className="relative"
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={
        wanted
          ? undefined
          : () => {
              // Mounted once its code is here, so it renders at once instead of suspending
              // (React then holds a revealed boundary back for up to 300 ms); a failed fetch
              // still mounts it, to load through Suspense.
              const show = () => {
                mount();
                setOpen(true);
              };
              void loadPopover().then(show, show);
            }
      }
    >
      <Bell aria-hidden="true" />
      <UnreadBadge count={unread} />
    </Button>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <NotificationPopover trigger={trigger} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
