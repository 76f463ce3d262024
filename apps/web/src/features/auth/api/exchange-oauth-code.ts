import type { LoginResult, loginResultSchema } from '@shipdeck/shared/auth';
import type { OAuthExchangeBody } from '@shipdeck/shared/github-auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient, unwrap } from '@/lib/api-client';
import { setToken } from '@/lib/token-storage';
import { meQueryKey } from './session-user';

/** Trades the one-time code from the GitHub callback for a session; the binding cookie rides along. */
export async function exchangeOAuthCode(body: OAuthExchangeBody): Promise<LoginResult> {
  const response = await apiClient.post('/auth/exchange', body, { skipErrorToast: true });
  return unwrap<typeof loginResultSchema>(response);
}

/** Makes an exchanged session the current one: nothing cached from before it survives. */
export function useStartSession(): (result: LoginResult) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (result: LoginResult) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, result.user);
      setToken(result.token, result.expiresAt);
    },
    [queryClient],
  );
}
