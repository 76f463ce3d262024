import { accountType } from '@shipdeck/shared/constants';
import { BadgeCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/description-list';
import { useStats } from '@/features/auth/api/get-stats';
import { useUser } from '@/features/auth/hooks/use-session';
import { formatDate } from '@/utils/format-date';

export function AccountStatusCard() {
  const user = useUser();
  const stats = useStats();
  return (
    <Card aria-labelledby="account-status-title">
      <CardHeader icon={<BadgeCheck />} title="Account Status" titleId="account-status-title" />
      <CardBody>
        <DescriptionList
          items={[
            {
              term: 'Plan',
              value: (
                <span className="inline-flex items-center gap-2">
                  <Badge variant="primary">{accountType}</Badge>
                  <span className="text-zinc-500 dark:text-zinc-400">Free forever</span>
                </span>
              ),
            },
            { term: 'Member since', value: formatDate(stats.data?.memberSince ?? user.createdAt) },
          ]}
        />
      </CardBody>
    </Card>
  );
}
