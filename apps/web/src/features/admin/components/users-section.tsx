import { adminMessages } from '@shipdeck/shared/instance-access-messages';
import { Users } from 'lucide-react';
import { Card, CardHeader } from '@/components/ui/card';
import { useUser } from '@/features/auth/hooks/use-session';
import { useAdminUsers } from '../api/get-admin-users';
import { SectionPending } from './section-pending';
import { UserRow } from './user-row';

export function UsersSection() {
  const viewer = useUser();
  const users = useAdminUsers();
  if (!users.data) {
    return (
      <SectionPending
        query={users}
        loadingLabel="Loading accounts…"
        errorTitle={adminMessages.loadUsers}
      />
    );
  }
  const count = users.data.length;
  return (
    <Card aria-labelledby="admin-users-title">
      <CardHeader
        icon={<Users />}
        title="Users"
        titleId="admin-users-title"
        description={`${count} ${count === 1 ? 'account' : 'accounts'} on this instance.`}
      />
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {users.data.map((user) => (
          <UserRow key={user.id} user={user} viewer={viewer} />
        ))}
      </ul>
    </Card>
  );
}
