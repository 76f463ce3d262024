import type { User, userResultSchema } from '@shipdeck/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useSetUser } from '@/features/auth/hooks/use-set-user';
import { apiClient, unwrap } from '@/lib/api-client';

export async function disconnectGithub(): Promise<User> {
  const response = await apiClient.delete('/auth/github');
  return unwrap<typeof userResultSchema>(response).user;
}

export function useDisconnectGithub() {
  const setUser = useSetUser();
  return useMutation({ mutationFn: disconnectGithub, onSuccess: setUser });
}
