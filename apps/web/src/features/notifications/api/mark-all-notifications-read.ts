import { notificationTexts } from '@shipdeck/shared/notification-constants';
import type { unreadCountResultSchema } from '@shipdeck/shared/notifications';
import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { toast } from '@/lib/toast';
import { notificationsQueryKey } from './get-notifications';

export async function markAllNotificationsRead() {
  const response = await apiClient.post('/api/notifications/read-all');
  return unwrap<typeof unreadCountResultSchema>(response);
}

export function useMarkAllNotificationsRead() {
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => toast.success(notificationTexts.markAllReadDone),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
