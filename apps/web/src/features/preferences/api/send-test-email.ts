import type { TestEmailResult, testEmailResultSchema } from '@shipdeck/shared/mail';
import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export async function sendTestEmail(): Promise<TestEmailResult> {
  return unwrap<typeof testEmailResultSchema>(await apiClient.post('/api/account/email/test'));
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
