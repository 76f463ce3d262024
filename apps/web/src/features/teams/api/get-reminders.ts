import type { remindersResultSchema } from '@shipdeck/shared/team-reminders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { retryUnlessNotFound } from './get-team';
import { teamApiPath, teamQueryKey } from './team-api-path';

export async function getReminders(org: string, slug: string) {
  const response = await apiClient.get(`${teamApiPath(org, slug)}/reminders`, {
    skipErrorToast: true,
  });
  return unwrap<typeof remindersResultSchema>(response);
}

export function remindersQueryKey(org: string, slug: string) {
  return [...teamQueryKey(org, slug), 'reminders'] as const;
}

export function useReminders(org: string, slug: string) {
  return useQuery(
    queryOptions({
      queryKey: remindersQueryKey(org, slug),
      queryFn: () => getReminders(org, slug),
      retry: retryUnlessNotFound,
    }),
  );
}
