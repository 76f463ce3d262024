import type { CreateReminderBody } from '@shipdeck/shared/team-reminders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { remindersQueryKey } from './get-reminders';
import { teamApiPath } from './team-api-path';

/** POST …/reminders: a 400 names the field (the Slack host rule among them). */
export async function createReminder(org: string, slug: string, body: CreateReminderBody) {
  await apiClient.post(`${teamApiPath(org, slug)}/reminders`, body, { skipErrorToast: true });
}

export function useCreateReminder(org: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReminderBody) => createReminder(org, slug, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersQueryKey(org, slug) }),
  });
}
