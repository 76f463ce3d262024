import type { AdminSettings, adminSettingsSchema } from '@shipdeck/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export async function getAdminSettings(): Promise<AdminSettings> {
  const response = await apiClient.get('/api/admin/settings', { skipErrorToast: true });
  return unwrap<typeof adminSettingsSchema>(response);
}

export function getAdminSettingsQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'settings'], queryFn: getAdminSettings });
}

export function useAdminSettings() {
  return useQuery(getAdminSettingsQueryOptions());
}
