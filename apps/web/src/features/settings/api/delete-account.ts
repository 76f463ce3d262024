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
      // Leave the protected page before the token goes, or its guard would send us to /login.
      await navigate(paths.home);
      clearToken();
      queryClient.clear();
    },
  });
}
