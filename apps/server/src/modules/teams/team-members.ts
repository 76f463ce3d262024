import type { Db } from '../../db/database.js';
import { findTeamByKey, teamMemberRows } from './teams.repository.js';

export interface TeamMemberAccount {
  login: string;
  avatarUrl: string;
  /** The Shipdeck account carrying this GitHub login (not disabled), or null. */
  userId: string | null;
  email: string | null;
}

/**
 * A team's members (child teams' included, as GitHub lists them), with their Shipdeck accounts
 * when they have one. Not filtered by a viewer: callers act for the team (reminders) and must
 * have checked the asker with `findViewerTeam` first. Empty for a team the store does not hold.
 */
export async function listTeamMembers(
  db: Db,
  org: string,
  slug: string,
): Promise<TeamMemberAccount[]> {
  const team = await findTeamByKey(db, org, slug);
  if (!team) return [];
  const rows = await teamMemberRows(db, [team.id]);
  return rows.map(({ login, avatarUrl, userId, email }) => ({ login, avatarUrl, userId, email }));
}
