import type { PasswordResetRequestBody } from '@shipdeck/shared/mail';
import { apiClient } from '@/lib/api-client';

/** "Forgot password?": the server answers the same whether or not the address has an account. */
export async function requestPasswordReset(body: PasswordResetRequestBody): Promise<void> {
  await apiClient.post('/auth/password-reset', body);
}
