import type { User, userResultSchema } from '@shipdeck/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetUser } from '@/features/auth/hooks/use-set-user';
import { apiClient, unwrap } from '@/lib/api-client';

export async function disconnectVercel(): Promise<User> {
  return unwrap<typeof userResultSchema>(await apiClient.delete('/auth/vercel')).user;
}

export function useDisconnectVercel() {
  const setUser = useSetUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectVercel,
    onSuccess: (user) => {
      setUser(user);
      queryClient.removeQueries({ queryKey: ['vercel'] });
    },
  });
}
