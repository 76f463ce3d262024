import type { User, userResultSchema } from '@shipdeck/shared/auth';
import type { VercelConnectBody } from '@shipdeck/shared/vercel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetUser } from '@/features/auth/hooks/use-set-user';
import { apiClient, unwrap } from '@/lib/api-client';

export async function connectVercel(body: VercelConnectBody): Promise<User> {
  const response = await apiClient.put('/auth/vercel', body, { skipErrorToast: true });
  return unwrap<typeof userResultSchema>(response).user;
}

export function useConnectVercel() {
  const setUser = useSetUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectVercel,
    onSuccess: async (user) => {
      setUser(user);
      await queryClient.invalidateQueries({ queryKey: ['vercel'] });
    },
  });
}
