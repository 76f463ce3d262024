import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { apiClient } from '@/lib/api-client';
import { clearToken, getToken } from '@/lib/token-storage';

export async function logout(): Promise<void> {
  if (!getToken()) return;
  try {
    await apiClient.post('/auth/logout', {});
  } catch {
    // Signing out must always work locally, even when the server cannot be reached.
  }
}

/** POST /auth/logout, then land on / with the token and every cached answer gone. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      // Leave the protected page first (committed at once, hence flushSync), or its guard would
      // bounce to /login when the token goes.
      await navigate(paths.home, { flushSync: true });
      clearToken();
      queryClient.clear();
    },
  });
}
