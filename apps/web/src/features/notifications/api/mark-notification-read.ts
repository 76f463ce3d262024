import type { unreadCountResultSchema } from '@shipdeck/shared/notifications';
import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { notificationsQueryKey } from './get-notifications';

export async function markNotificationRead(id: string) {
  const response = await apiClient.post(`/api/notifications/${encodeURIComponent(id)}/read`);
  return unwrap<typeof unreadCountResultSchema>(response);
}

export function useMarkNotificationRead() {
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
