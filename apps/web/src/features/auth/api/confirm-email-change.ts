import type { EmailChangeConfirmBody, emailChangeConfirmResultSchema } from '@shipdeck/shared/mail';
import { apiClient, unwrap } from '@/lib/api-client';

/** Confirms the new address with the mailed token; answers the address the account now uses. */
export async function confirmEmailChange(body: EmailChangeConfirmBody): Promise<string> {
  return unwrap<typeof emailChangeConfirmResultSchema>(
    await apiClient.post('/auth/email-change/confirm', body),
  ).email;
}
