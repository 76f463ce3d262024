import type { SignupBody, User, userResultSchema } from '@shipdeck/shared/auth';
import { apiClient, unwrap } from '@/lib/api-client';

export async function signup(body: SignupBody): Promise<User> {
  const response = await apiClient.post('/auth/signup', body);
  return unwrap<typeof userResultSchema>(response).user;
}
