import type { PreferencesBody, User, userResultSchema } from '@shipdeck/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useSetUser } from '@/features/auth/hooks/use-set-user';
import { apiClient, unwrap } from '@/lib/api-client';

export async function updatePreferences(body: PreferencesBody): Promise<User> {
  const response = await apiClient.put('/auth/preferences', body);
  return unwrap<typeof userResultSchema>(response).user;
}

export function useUpdatePreferences() {
  const setUser = useSetUser();
  return useMutation({ mutationFn: updatePreferences, onSuccess: setUser });
}
