import type { SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { teamRepositoryRows, type ViewerTeam } from './teams.repository.js';

/** The viewer's Vercel projects linked to the team's readable repositories (team DORA). */
export async function teamProjectIds(
  db: Db,
  userId: string,
  team: ViewerTeam,
): Promise<{ ids: Set<string>; repositories: Set<string> }> {
  const repositories = new Set(
    (await teamRepositoryRows(db, userId, [team.id])).map((r) => r.fullName.toLowerCase()),
  );
  if (repositories.size === 0) return { ids: new Set(), repositories };
  const rows = await db
    .selectFrom('vercel_projects')
    .where('user_id', '=', userId)
    .where('link_org', 'is not', null)
    .where(sql<SqlBool>`lower(link_org || '/' || link_repo) in (${sql.join([...repositories])})`)
    .select('id')
    .execute();
  return { ids: new Set(rows.map((row) => row.id)), repositories };
}
