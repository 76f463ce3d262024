import type { VercelConnection } from '@shipdeck/shared/vercel';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../auth/users.table.js';
import { serverVercelRightOf } from '../instance-settings/server-vercel-access.js';
import { findVercelConnection } from './vercel-connections.repository.js';

/** The connected Vercel account and team as `GET /auth/me` reports them; never the token. */
export async function vercelConnectionOf(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'role'>,
): Promise<VercelConnection> {
  const row = await findVercelConnection(app.db, user.id);
  if (!row) return null;
  return {
    username: row.username,
    teamId: row.team_id,
    teamSlug: row.team_slug,
    teamName: row.team_name,
    status: row.status,
    source: row.source,
    canAct: row.source === 'token' || (await serverVercelRightOf(app, user.role)) === 'act',
  };
}
