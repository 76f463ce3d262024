import type { reminderTestResultSchema } from '@shipdeck/shared/team-reminders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { remindersQueryKey } from './get-reminders';
import { teamApiPath } from './team-api-path';

/** POST …/reminders/:id/test: sends one now and says what was sent. */
export async function testReminder(org: string, slug: string, id: string) {
  const response = await apiClient.post(
    `${teamApiPath(org, slug)}/reminders/${encodeURIComponent(id)}/test`,
    undefined,
    { skipErrorToast: true },
  );
  return unwrap<typeof reminderTestResultSchema>(response);
}

export function useTestReminder(org: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => testReminder(org, slug, id),
    // "Last sent" moves on, or a Slack refusal turned the reminder off.
    onSettled: () => queryClient.invalidateQueries({ queryKey: remindersQueryKey(org, slug) }),
  });
}
