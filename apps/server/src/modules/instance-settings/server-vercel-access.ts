import { isAdminRole, type UserRole } from '@shipdeck/shared/roles';
import type { InstanceContext } from './instance-context.js';
import { readServerVercelAccess } from './instance-settings.repository.js';

/** What one person may do through the server's Vercel account: admins always act. */
export type ServerVercelRight = 'none' | 'view' | 'act';

export async function serverVercelRightOf(
  app: InstanceContext,
  role: UserRole,
): Promise<ServerVercelRight> {
  if (isAdminRole(role)) return 'act';
  const access = await readServerVercelAccess(app.db, app.config.demoMode);
  return access === 'off' ? 'none' : access;
}
