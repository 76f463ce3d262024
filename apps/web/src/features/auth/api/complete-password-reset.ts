import type { PasswordResetCompleteBody } from '@shipdeck/shared/admin';
import { apiClient } from '@/lib/api-client';

/** Sets the new password; the server ends every session of the account, so nobody is signed in. */
export async function completePasswordReset(body: PasswordResetCompleteBody): Promise<void> {
  await apiClient.post('/auth/password-reset/complete', body);
}
