import type { EmailChangeResult, emailChangeResultSchema } from '@shipdeck/shared/mail';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export async function getEmailChange(): Promise<EmailChangeResult> {
  return unwrap<typeof emailChangeResultSchema>(await apiClient.get('/api/account/email-change'));
}

export function getEmailChangeQueryOptions() {
  return queryOptions({ queryKey: ['account', 'email-change'], queryFn: getEmailChange });
}

export function useEmailChange() {
  return useQuery(getEmailChangeQueryOptions());
}

/** Mails a fresh link to the waiting address; the previous link stops working. */
export function useResendEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap<typeof emailChangeResultSchema>(
        await apiClient.post('/api/account/email-change/resend'),
      ),
    onSuccess: (result) => queryClient.setQueryData(getEmailChangeQueryOptions().queryKey, result),
  });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiClient.delete('/api/account/email-change');
    },
    onSuccess: () =>
      queryClient.setQueryData(getEmailChangeQueryOptions().queryKey, { pending: null }),
  });
}
