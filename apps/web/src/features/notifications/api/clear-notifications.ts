import type { emptyResultSchema } from '@shipdeck/shared/auth';
import { notificationTexts } from '@shipdeck/shared/notification-constants';
import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { toast } from '@/lib/toast';
import { notificationsQueryKey } from './get-notifications';

export async function clearNotifications() {
  const response = await apiClient.delete('/api/notifications');
  return unwrap<typeof emptyResultSchema>(response);
}

export function useClearNotifications() {
  return useMutation({
    mutationFn: clearNotifications,
    onSuccess: () => toast.success(notificationTexts.cleared),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
