import type { VercelConnection } from '@shipdeck/shared/vercel';
import type { Db } from '../../db/database.js';
import { findVercelConnection } from './vercel-connections.repository.js';

/** The connected Vercel account and team as `GET /auth/me` reports them; never the token. */
export async function vercelConnectionOf(db: Db, userId: string): Promise<VercelConnection> {
  const row = await findVercelConnection(db, userId);
  if (!row) return null;
  return {
    username: row.username,
    teamId: row.team_id,
    teamSlug: row.team_slug,
    teamName: row.team_name,
    status: row.status,
    source: row.source,
  };
}
