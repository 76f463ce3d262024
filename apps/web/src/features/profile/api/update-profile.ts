import type { ProfileBody, User, userResultSchema } from '@shipdeck/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useSetUser } from '@/features/auth/hooks/use-set-user';
import { apiClient, unwrap } from '@/lib/api-client';

export async function updateProfile(body: ProfileBody): Promise<User> {
  const response = await apiClient.put('/auth/profile', body);
  return unwrap<typeof userResultSchema>(response).user;
}

export function useUpdateProfile() {
  const setUser = useSetUser();
  return useMutation({ mutationFn: updateProfile, onSuccess: setUser });
}
