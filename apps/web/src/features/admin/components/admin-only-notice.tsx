import { adminMessages } from '@shipdeck/shared/instance-access-messages';
import { ShieldAlert } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

/** What a member (or an admin demoted meanwhile) sees instead of the admin page. */
export function AdminOnlyNotice() {
  return (
    <EmptyState
      icon={<ShieldAlert />}
      title={adminMessages.adminOnlyPage}
      className="bg-white dark:bg-zinc-900/40"
    />
  );
}
