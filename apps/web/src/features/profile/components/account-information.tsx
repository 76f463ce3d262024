import { accountType } from '@shipdeck/shared/constants';
import { Info } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/description-list';
import { Spinner } from '@/components/ui/spinner';
import { useStats } from '@/features/auth/api/get-stats';
import { useUser } from '@/features/auth/hooks/use-session';
import { formatDate, formatDateTime } from '@/utils/format-date';

export function AccountInformation() {
  const user = useUser();
  const stats = useStats();
  const fromStats = (render: (value: NonNullable<typeof stats.data>) => string) =>
    stats.data ? render(stats.data) : stats.isPending ? <Spinner label="Loading" /> : '—';

  return (
    <Card aria-labelledby="account-information-title">
      <CardHeader icon={<Info />} title="Account Information" titleId="account-information-title" />
      <CardBody>
        <DescriptionList
          items={[
            { term: 'Username', value: user.username },
            { term: 'Email', value: user.email },
            { term: 'Member since', value: formatDate(stats.data?.memberSince ?? user.createdAt) },
            { term: 'Account type', value: <Badge variant="primary">{accountType}</Badge> },
            {
              term: 'GitHub',
              value:
                user.githubId !== null ? (
                  <Badge variant="success">
                    Connected{user.githubLogin ? ` as ${user.githubLogin}` : ''}
                  </Badge>
                ) : (
                  <Badge variant="secondary">Not Connected</Badge>
                ),
            },
            { term: 'Active sessions', value: fromStats((s) => String(s.activeSessions)) },
            { term: 'Last sign-in', value: fromStats((s) => formatDateTime(s.lastLoginAt)) },
          ]}
        />
      </CardBody>
    </Card>
  );
}
