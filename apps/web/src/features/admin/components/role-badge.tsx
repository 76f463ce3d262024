import { type UserRole, userRoleLabels } from '@shipdeck/shared/roles';
import { Badge } from '@/components/ui/badge';

const variants = { owner: 'merged', admin: 'primary', member: 'default' } as const;

export function RoleBadge({ role }: { role: UserRole }) {
  return (
    <Badge variant={variants[role]} size="sm">
      {userRoleLabels[role]}
    </Badge>
  );
}
