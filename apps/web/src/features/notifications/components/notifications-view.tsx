import { pageSizes } from '@shipdeck/shared/constants';
import {
  isNotificationType,
  NOTIFICATION_TYPES,
  notificationTexts,
  notificationTypeLabels,
} from '@shipdeck/shared/notification-constants';
import type { NotificationType } from '@shipdeck/shared/notifications';
import { BellOff } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useClearNotifications } from '../api/clear-notifications';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { NotificationItem } from './notification-item';

/** Every notification, a page at a time, filtered by type through the address. */
export function NotificationsView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const typeParam = searchParams.get('type');
  const type: NotificationType | undefined = isNotificationType(typeParam) ? typeParam : undefined;
  const query = useNotifications({ page, perPage: pageSizes.notificationsPage, type });
  const markAll = useMarkAllNotificationsRead();
  const clear = useClearNotifications();

  const update = (changes: { page?: number; type?: string }) => {
    const next = new URLSearchParams(searchParams);
    if (changes.type !== undefined) {
      if (changes.type) next.set('type', changes.type);
      else next.delete('type');
      next.delete('page');
    }
    if (changes.page !== undefined) {
      if (changes.page > 1) next.set('page', String(changes.page));
      else next.delete('page');
    }
    setSearchParams(next);
  };

  const data = query.data;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
        <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <span>Type</span>
          <Select value={type ?? ''} onChange={(event) => update({ type: event.target.value })}>
            <option value="">All types</option>
            {NOTIFICATION_TYPES.map((option) => (
              <option key={option} value={option}>
                {notificationTypeLabels[option]}
              </option>
            ))}
          </Select>
        </label>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!data || data.unreadCount === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {notificationTexts.markAllRead}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!data || data.pagination.total === 0 || clear.isPending}
            onClick={() => clear.mutate()}
          >
            {notificationTexts.clearAll}
          </Button>
        </div>
      </div>
      {query.isPending || !data ? (
        query.isError ? (
          <LoadError
            className="m-4"
            title={notificationTexts.loadFailed}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <div className="flex justify-center py-12" role="status" aria-label="Loading">
            <Spinner />
          </div>
        )
      ) : query.isError ? (
        <LoadError
          className="m-4"
          title={notificationTexts.loadFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : data.notifications.length === 0 ? (
        <EmptyState
          className="m-4"
          icon={<BellOff aria-hidden="true" />}
          title={notificationTexts.empty}
          description={notificationTexts.emptyHint}
        />
      ) : (
        <>
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {data.notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} />
              </li>
            ))}
          </ul>
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            onPageChange={(next) => update({ page: next })}
            label="Notifications"
          />
        </>
      )}
    </Card>
  );
}
