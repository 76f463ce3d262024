import { isAdminRole, type UserRole } from '@shipdeck/shared/roles';
import type { FastifyInstance } from 'fastify';
import { readServerVercelAccess } from './instance-settings.repository.js';

/** What one person may do through the server's Vercel account: admins always act. */
export type ServerVercelRight = 'none' | 'view' | 'act';

export async function serverVercelRightOf(
  app: FastifyInstance,
  role: UserRole,
): Promise<ServerVercelRight> {
  if (isAdminRole(role)) return 'act';
  const access = await readServerVercelAccess(app.db, app.config.demoMode);
  return access === 'off' ? 'none' : access;
}
