import { type SignupBody, type User, userResultSchema } from '@shipdeck/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export async function signup(body: SignupBody): Promise<User> {
  const response = await apiClient.post('/auth/signup', body);
  return unwrap(response, userResultSchema).user;
}

export function useSignup({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  return useMutation({ mutationFn: signup, onSuccess });
}
