import { LogOut, Settings, ShieldCheck, User as UserIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { ReactElement } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useLogout } from '../api/logout';
import { useUser } from '../hooks/use-session';

type UserMenuDropdownProps = {
  /** The avatar button, the same element the shell showed before this module loaded. */
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The user menu itself: loaded by `UserMenu` on the first open, with Radix's menu code. */
export function UserMenuDropdown({ trigger, open, onOpenChange }: UserMenuDropdownProps) {
  const user = useUser();
  const logout = useLogout();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate font-medium text-zinc-900 dark:text-zinc-50">
            {user.displayName || user.username}
          </span>
          <span className="block truncate text-xs font-normal text-zinc-500 dark:text-zinc-400">
            {user.email}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.profile}>
            <UserIcon aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.settings}>
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        {/* Compared here rather than with roles.ts's isAdminRole: that module's zod schema would
            load with this menu. Members never see the link (the page would only refuse them). */}
        {user.role === 'member' ? null : (
          <DropdownMenuItem asChild>
            <Link to={paths.admin}>
              <ShieldCheck aria-hidden="true" />
              Admin
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
