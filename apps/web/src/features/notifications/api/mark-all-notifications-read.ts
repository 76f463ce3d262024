import { notificationTexts } from '@shipdeck/shared/notification-constants';
import type { unreadCountResultSchema } from '@shipdeck/shared/notifications';
import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { toast } from '@/lib/toast';
import { notificationsQueryKey } from './get-notifications';
import { actionFailureReason } from './inbox-actions';

export async function markAllNotificationsRead() {
  // A refusal (GitHub's, for its threads) is said below with its reason.
  const response = await apiClient.post('/api/notifications/read-all', undefined, {
    skipErrorToast: true,
  });
  return unwrap<typeof unreadCountResultSchema>(response);
}

export function useMarkAllNotificationsRead() {
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => toast.success(notificationTexts.markAllReadDone),
    onError: (error) => {
      const reason = actionFailureReason(error);
      toast.error(
        notificationTexts.markAllReadFailed,
        reason ? { description: reason } : undefined,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
