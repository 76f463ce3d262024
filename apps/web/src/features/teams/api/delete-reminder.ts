import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { remindersQueryKey } from './get-reminders';
import { teamApiPath } from './team-api-path';

export async function deleteReminder(org: string, slug: string, id: string) {
  await apiClient.delete(`${teamApiPath(org, slug)}/reminders/${encodeURIComponent(id)}`, {
    skipErrorToast: true,
  });
}

export function useDeleteReminder(org: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteReminder(org, slug, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersQueryKey(org, slug) }),
  });
}
