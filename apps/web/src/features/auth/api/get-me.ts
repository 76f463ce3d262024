import { type User, userResultSchema } from '@shipdeck/shared/auth';
import { errorMessages } from '@shipdeck/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { apiClient, unwrap } from '@/lib/api-client';
import { clearToken } from '@/lib/token-storage';

export async function getMe(): Promise<User> {
  const response = await apiClient.get('/auth/me');
  return unwrap(response, userResultSchema).user;
}

export const meQueryKey = ['auth', 'me'] as const;

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: async ({ client }) => {
      try {
        return await getMe();
      } catch (error) {
        // Loading the session failed: say so and sign out. A failed background refresh of
        // an already loaded user keeps the session instead.
        if (client.getQueryData(meQueryKey) === undefined) {
          toast.error(errorMessages.authenticate, { id: errorMessages.authenticate });
          clearToken();
        }
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}
