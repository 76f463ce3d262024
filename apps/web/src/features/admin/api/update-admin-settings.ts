import type {
  AdminSettings,
  adminSettingsSchema,
  ServerVercelAccess,
} from '@shipdeck/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { getAdminSettingsQueryOptions } from './get-admin-settings';
import { getAuditLogQueryOptions } from './get-audit-log';

export async function updateAdminSettings(
  serverVercelAccess: ServerVercelAccess,
): Promise<AdminSettings> {
  const response = await apiClient.put('/api/admin/settings', { serverVercelAccess });
  return unwrap<typeof adminSettingsSchema>(response);
}

export function useUpdateAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminSettings,
    onSuccess: (settings) =>
      queryClient.setQueryData(getAdminSettingsQueryOptions().queryKey, settings),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getAuditLogQueryOptions().queryKey }),
  });
}
