import { pageSizes } from '@shipdeck/shared/constants';
import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useNativePopover } from '@/components/ui/native-popover';
import { useNotifications } from '../api/get-notifications';
import { NotificationPopover, prefetchNotificationPanel } from './notification-popover';
import { UnreadBadge } from './unread-badge';

/**
 * The one notification centre, behind the header bell and the dashboard bell alike (each with a
 * panel of its own). The bell opens its panel as the browser's own popover (issue 34): a press
 * needs no script, so it answers at once, even on a server-drawn page the app has not taken over
 * yet (public/early-press.js leaves such presses to the browser).
 */
export function NotificationBell() {
  const popover = useNativePopover();
  const query = useNotifications({ page: 1, perPage: pageSizes.notificationsPanel });
  const unread = query.data?.unreadCount ?? 0;
  return (
    <>
      <Button
        variant="quiet"
        size="icon"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        {...popover.triggerProps}
        className="relative"
        onPointerEnter={prefetchNotificationPanel}
        onFocus={prefetchNotificationPanel}
      >
        <Bell aria-hidden="true" />
        <UnreadBadge count={unread} />
      </Button>
      <NotificationPopover popover={popover} />
    </>
  );
}
