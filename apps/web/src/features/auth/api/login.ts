import type { LoginBody, LoginResult, loginResultSchema } from '@shipdeck/shared/auth';
import { apiClient, unwrap } from '@/lib/api-client';
import { setToken } from '@/lib/token-storage';
import { seedSessionUser } from './seed-session-user';

export async function login(body: LoginBody): Promise<LoginResult> {
  const response = await apiClient.post('/auth/login', body);
  return unwrap<typeof loginResultSchema>(response);
}

/** Signs in: the user is cached before the token is stored, so the dashboard renders at once. */
export async function signIn(body: LoginBody): Promise<void> {
  const result = await login(body);
  await seedSessionUser(result.user);
  setToken(result.token, result.expiresAt);
}
