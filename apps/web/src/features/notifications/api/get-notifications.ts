import type { NotificationType, notificationsResultSchema } from '@shipdeck/shared/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export type NotificationsParams = { page: number; perPage: number; type?: NotificationType };

/** Every notification query sits under this key: a new item or a read invalidates them all. */
export const notificationsQueryKey = ['notifications'] as const;

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
