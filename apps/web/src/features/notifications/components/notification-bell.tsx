import { pageSizes } from '@shipdeck/shared/constants';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useNotifications } from '../api/get-notifications';
import { UnreadBadge } from './unread-badge';

const loadPopover = () => import('./notification-popover');
const NotificationPopover = lazy(() =>
  loadPopover().then((module) => ({ default: module.NotificationPopover })),
);

/**
 * The one notification centre, behind the header bell and the dashboard bell alike. The bell
 * and its unread count render at once; the panel and Radix's popover (about 12 KB gzipped)
 * load on the first open, fetched early when the pointer or focus reaches the bell.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
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
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={
        wanted
          ? undefined
          : () => {
              setWanted(true);
              setOpen(true);
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
