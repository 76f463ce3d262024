import { type LoginBody, type LoginResult, loginResultSchema } from '@shipdeck/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { setToken } from '@/lib/token-storage';
import { meQueryKey } from './get-me';

export async function login(body: LoginBody): Promise<LoginResult> {
  const response = await apiClient.post('/auth/login', body);
  return unwrap(response, loginResultSchema);
}

export function useLogin({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      // Seed the user first so protected routes render at once instead of "Authenticating".
      queryClient.setQueryData(meQueryKey, result.user);
      setToken(result.token);
      onSuccess?.();
    },
  });
}
