import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Audience } from './webhook-effects.js';

/**
 * Shipdeck users a change concerns. Today: the users whose linked GitHub login is named in the
 * delivery (repository owner, pull-request author, requested reviewer, commit author).
 * INTEGRATION POINT: once the synced store's per-user access tables are on main, resolve by
 * GitHub repository id / Vercel project id there, so collaborators are reached too.
 */
export async function resolveAudience(db: Db, audience: Audience): Promise<string[]> {
  const logins = audience.githubLogins.map((login) => login.toLowerCase());
  if (logins.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(github_login)`, 'in', logins)
    .execute();
  return rows.map((row) => row.id);
}
