import { LogOut, type LucideIcon, Settings, ShieldCheck, User as UserIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import {
  focusFirstMenuItem,
  menuItemClassName,
  menuSeparatorClassName,
  onMenuKeyDown,
} from '@/components/ui/menu-keys';
import { useNativePopover } from '@/components/ui/native-popover';
import { paths } from '@/config/paths';
import { cx } from '@/utils/cx';
import { useLogout } from '../api/logout';
import { useUser } from '../hooks/use-session';

/**
 * The avatar button in the header and its menu. The menu is drawn with the page, hidden, and
 * shown by the browser as a popover (issue 34): a press opens it at once, even on a server-drawn
 * page whose code has not run yet (its links then work as plain links, and Sign out waits for
 * the app, public/early-press.js).
 */
export function UserMenu() {
  const user = useUser();
  const logout = useLogout();
  const menu = useNativePopover();
  const list = useRef<HTMLDivElement>(null);
  const links: { to: string; icon: LucideIcon; label: string }[] = [
    { to: paths.profile, icon: UserIcon, label: 'Profile' },
    { to: paths.settings, icon: Settings, label: 'Settings' },
  ];
  // Compared here rather than with roles.ts's isAdminRole: that module's zod schema would load
  // with the header. Members never see the link (the page would only refuse them).
  if (user.role !== 'member') links.push({ to: paths.admin, icon: ShieldCheck, label: 'Admin' });
  useEffect(() => {
    if (menu.open) focusFirstMenuItem(list.current);
  }, [menu.open]);
  return (
    <>
      <button
        type="button"
        aria-label="User menu"
        aria-haspopup="menu"
        {...menu.triggerProps}
        className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:focus-visible:outline-blue-400"
      >
        <Avatar name={user.displayName || user.username} src={user.avatar} />
      </button>
      <div
        {...menu.popoverProps}
        ref={list}
        role="menu"
        aria-label="User menu"
        onKeyDown={onMenuKeyDown}
        className={cx(
          menu.popoverProps.className,
          'min-w-52 rounded-lg border border-zinc-200 bg-white p-1 text-sm text-zinc-900 shadow-lg dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-50',
        )}
      >
        {menu.drawn ? (
          <>
            <div className="px-2 py-1.5">
              <span className="block truncate font-medium text-zinc-900 dark:text-zinc-50">
                {user.displayName || user.username}
              </span>
              <span className="block truncate text-xs font-normal text-zinc-500 dark:text-zinc-400">
                {user.email}
              </span>
            </div>
            <div role="separator" className={menuSeparatorClassName} />
            {links.map(({ to, icon: Icon, label }) => (
              <Link
                key={to}
                role="menuitem"
                to={to}
                onClick={menu.hide}
                className={menuItemClassName}
              >
                <Icon aria-hidden="true" />
                {label}
              </Link>
            ))}
            <div role="separator" className={menuSeparatorClassName} />
            <button
              type="button"
              role="menuitem"
              disabled={logout.isPending}
              onClick={() => {
                menu.hide();
                logout.mutate();
              }}
              className={menuItemClassName}
            >
              <LogOut aria-hidden="true" />
              Sign out
            </button>
          </>
        ) : null}
      </div>
    </>
  );
}
