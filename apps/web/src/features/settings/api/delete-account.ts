import type { DeleteAccountBody } from '@shipdeck/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { apiClient } from '@/lib/api-client';
import { clearToken } from '@/lib/token-storage';

/** Removes the account and everything stored for it; the session ends with it. */
export async function deleteAccount(body: DeleteAccountBody): Promise<void> {
  await apiClient.delete('/auth/account', { data: body });
}

export function useDeleteAccount({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      onSuccess?.();
      // Leave the protected page first (committed at once, hence flushSync), or its guard would
      // send us to /login when the token goes.
      await navigate(paths.home, { flushSync: true });
      clearToken();
      queryClient.clear();
    },
  });
}
