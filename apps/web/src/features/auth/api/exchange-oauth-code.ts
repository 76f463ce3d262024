import { type LoginResult, loginResultSchema } from '@shipdeck/shared/auth';
import type { OAuthExchangeBody } from '@shipdeck/shared/github-auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { setToken } from '@/lib/token-storage';
import { meQueryKey } from './get-me';

/** Trades the one-time code from the GitHub callback for a session; the binding cookie rides along. */
export async function exchangeOAuthCode(body: OAuthExchangeBody): Promise<LoginResult> {
  const response = await apiClient.post('/auth/exchange', body, { skipErrorToast: true });
  return unwrap(response, loginResultSchema);
}

export function useExchangeOAuthCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeOAuthCode,
    onSuccess: (result) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, result.user);
      setToken(result.token);
    },
  });
}
