import { Suspense, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { useMountedWhenIdle } from '@/hooks/use-mounted-when-idle';
import { preloadOnHeldPress } from '@/utils/held-press';
import { preloadable } from '@/utils/preloadable';
import { useUser } from '../hooks/use-session';

const { preload: loadDropdown, Component: UserMenuDropdown } = preloadable(() =>
  import('./user-menu-dropdown').then((module) => module.UserMenuDropdown),
);
// A failed prefetch is no error to report: the first open fetches the code again.
const prefetch = () => void loadDropdown().catch(() => undefined);
// Pressed before the drawn page hydrated: the menu's code loads meanwhile (issue 34).
preloadOnHeldPress('User menu', prefetch);

/**
 * The avatar button in the header. The menu and Radix's menu code (about 10 KB gzipped) stay out
 * of the page's first load: they load once the browser is idle after the shell has painted (or
 * earlier, when the pointer or focus reaches the button), so the first click opens the menu at
 * once instead of waiting for its code (over 1.5 s on a loaded machine, issue 27).
 */
export function UserMenu() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const [wanted, mount] = useMountedWhenIdle(loadDropdown);
  const trigger = (
    <button
      type="button"
      aria-label="User menu"
      aria-haspopup="menu"
      aria-expanded={open}
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
              void loadDropdown().then(show, show);
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
