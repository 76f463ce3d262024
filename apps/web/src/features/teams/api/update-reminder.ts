import type { UpdateReminderBody } from '@shipdeck/shared/team-reminders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { remindersQueryKey } from './get-reminders';
import { teamApiPath } from './team-api-path';

/** PATCH …/reminders/:id: any field, or `enabled` alone to turn it on or off. */
export async function updateReminder(
  org: string,
  slug: string,
  id: string,
  body: UpdateReminderBody,
) {
  await apiClient.patch(`${teamApiPath(org, slug)}/reminders/${encodeURIComponent(id)}`, body, {
    skipErrorToast: true,
  });
}

export function useUpdateReminder(org: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateReminderBody }) =>
      updateReminder(org, slug, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersQueryKey(org, slug) }),
  });
}
