import type { TeamSummary } from '@shipdeck/shared/teams';
import type { Db } from '../../db/database.js';
import { waitingOnOfRow } from './team-pull-requests.js';
import {
  openTeamPullRows,
  teamMemberRows,
  teamRepositoryRows,
  type ViewerTeam,
} from './teams.repository.js';

/** A team's card: its counts and how many of its open pull requests wait on whom. */
export async function teamSummaries(
  db: Db,
  userId: string,
  teams: readonly ViewerTeam[],
): Promise<TeamSummary[]> {
  const ids = teams.map((team) => team.id);
  const [members, repositories] = await Promise.all([
    teamMemberRows(db, ids),
    teamRepositoryRows(db, userId, ids),
  ]);
  return Promise.all(
    teams.map(async (team): Promise<TeamSummary> => {
      const kinds = (await openTeamPullRows(db, userId, [team.id])).map(
        (row) => waitingOnOfRow(row).kind,
      );
      const count = (kind: string) => kinds.filter((k) => k === kind).length;
      return {
        org: team.org,
        slug: team.slug,
        name: team.name,
        description: team.description,
        htmlUrl: team.htmlUrl,
        parent: team.parent,
        memberCount: members.filter((member) => member.teamId === team.id).length,
        repositoryCount: repositories.filter((repository) => repository.teamId === team.id).length,
        waiting: { reviewers: count('reviewers'), author: count('author'), merge: count('merge') },
      };
    }),
  );
}
