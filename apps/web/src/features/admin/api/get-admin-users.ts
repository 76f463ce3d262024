import type { AdminUser, adminUsersResultSchema } from '@shipdeck/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

/** Every account of the instance; the page says why when it fails, so no toast as well. */
export async function getAdminUsers(): Promise<AdminUser[]> {
  const response = await apiClient.get('/api/admin/users', { skipErrorToast: true });
  return unwrap<typeof adminUsersResultSchema>(response).users;
}

export function getAdminUsersQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'users'],
    queryFn: getAdminUsers,
    // Others change these too (a sign-up, another admin): opening the tab reads them again.
    staleTime: 0,
  });
}

export function useAdminUsers() {
  return useQuery(getAdminUsersQueryOptions());
}
