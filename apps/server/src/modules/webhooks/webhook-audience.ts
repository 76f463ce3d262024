import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Audience } from './webhook-effects.js';

/**
 * Shipdeck users a change concerns: those whose linked GitHub login the delivery names
 * (repository owner, pull-request author, requested reviewer, commit author) and, for
 * repository-wide changes, everyone the synced store records as able to see the repository.
 * INTEGRATION POINT: Vercel deliveries resolve by login until the Vercel tables map project ids
 * to users.
 */
export async function resolveAudience(db: Db, audience: Audience): Promise<string[]> {
  const ids = new Set<string>();
  const logins = audience.githubLogins.map((login) => login.toLowerCase());
  if (logins.length > 0) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(github_login)`, 'in', logins)
      .execute();
    for (const row of rows) ids.add(row.id);
  }
  if (audience.githubRepositoryId !== undefined) {
    const rows = await db
      .selectFrom('github_repository_access')
      .select('user_id')
      .where('repository_id', '=', audience.githubRepositoryId)
      .execute();
    for (const row of rows) ids.add(row.user_id);
  }
  return [...ids];
}
