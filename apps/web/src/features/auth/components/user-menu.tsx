import { lazy, Suspense, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { useUser } from '../hooks/use-session';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(() =>
  loadDropdown().then((module) => ({ default: module.UserMenuDropdown })),
);

/**
 * The avatar button in the header. The menu and Radix's menu code (about 10 KB gzipped) load on
 * the first open, fetched early when the pointer or focus reaches the button, so a page that is
 * only looked at never downloads them.
 */
export function UserMenu() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = (
    <button
      type="button"
      aria-label="User menu"
      aria-haspopup="menu"
      aria-expanded={open}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={
        wanted
          ? undefined
          : () => {
              setWanted(true);
              setOpen(true);
            }
      }
      className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:focus-visible:outline-blue-400"
    >
      <Avatar name={user.displayName || user.username} src={user.avatar} />
    </button>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <UserMenuDropdown trigger={trigger} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
