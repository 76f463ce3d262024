import type { NotificationSource } from '@shipdeck/shared/notification-constants';
import type { NotificationType, notificationsResultSchema } from '@shipdeck/shared/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export type NotificationsParams = {
  page: number;
  perPage: number;
  type?: NotificationType;
  source?: NotificationSource;
  reason?: string;
  repository?: string;
  /** true: unread only; false: read only; absent: both. */
  unread?: boolean;
};

/** Every notification query sits under this key: a new item or a read invalidates them all. */
export const notificationsQueryKey = ['notifications'] as const;

/**
 * The inbox page's own queries, apart from the bell's: they also show pull requests' ship status,
 * so a change to pull requests or deployments refetches them (and not the bell on every page).
 */
export const inboxQueryKey = [...notificationsQueryKey, 'inbox'] as const;

export async function getNotifications(params: NotificationsParams) {
  const response = await apiClient.get('/api/notifications', {
    params,
    skipErrorToast: true,
  });
  return unwrap<typeof notificationsResultSchema>(response);
}

export function getNotificationsQueryOptions(params: NotificationsParams) {
  return queryOptions({
    queryKey: [...notificationsQueryKey, params],
    queryFn: () => getNotifications(params),
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(params: NotificationsParams) {
  return useQuery(getNotificationsQueryOptions(params));
}

export function useInboxNotifications(params: NotificationsParams) {
  return useQuery(
    queryOptions({
      queryKey: [...inboxQueryKey, params],
      queryFn: () => getNotifications(params),
      placeholderData: keepPreviousData,
    }),
  );
}
