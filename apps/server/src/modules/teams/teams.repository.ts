import type { SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// SQL over the team tables. Every read that reaches a team goes through the viewer's
// `github_team_viewers` row, and every repository through `visibleTeamRepositoryIds`, so a team
// page never shows what the viewer's own GitHub access could not read.

export interface ViewerTeam {
  id: number;
  org: string;
  slug: string;
  name: string;
  description: string | null;
  htmlUrl: string;
  parent: string | null;
  syncedAt: string;
}

function teamFromRow(row: {
  id: string | number;
  org_login: string;
  slug: string;
  name: string;
  description: string | null;
  html_url: string;
  parent: string | null;
  synced_at: string;
}): ViewerTeam {
  return {
    id: Number(row.id),
    org: row.org_login,
    slug: row.slug,
    name: row.name,
    description: row.description,
    htmlUrl: row.html_url,
    parent: row.parent,
    syncedAt: row.synced_at,
  };
}

function viewerTeams(db: Db, userId: string) {
  return db
    .selectFrom('github_teams')
    .innerJoin('github_team_viewers', 'github_team_viewers.team_id', 'github_teams.id')
    .where('github_team_viewers.user_id', '=', userId)
    .select([
      'github_teams.id',
      'github_teams.org_login',
      'github_teams.slug',
      'github_teams.name',
      'github_teams.description',
      'github_teams.html_url',
      'github_teams.parent',
      'github_teams.synced_at',
    ]);
}

/** The team, when GitHub lists it for this person's token; null for anyone else. */
export async function findViewerTeam(
  db: Db,
  userId: string,
  org: string,
  slug: string,
): Promise<ViewerTeam | null> {
  const row = await viewerTeams(db, userId)
    .where(sql<SqlBool>`lower(github_teams.org_login) = ${org.toLowerCase()}`)
    .where(sql<SqlBool>`lower(github_teams.slug) = ${slug.toLowerCase()}`)
    .executeTakeFirst();
  return row ? teamFromRow(row) : null;
}

export async function listViewerTeams(db: Db, userId: string): Promise<ViewerTeam[]> {
  const rows = await viewerTeams(db, userId)
    .orderBy('github_teams.org_login')
    .orderBy('github_teams.slug')
    .execute();
  return rows.map(teamFromRow);
}

/** The team found by its key alone (for jobs that act for the team, not for a viewer). */
export async function findTeamByKey(db: Db, org: string, slug: string): Promise<ViewerTeam | null> {
  const row = await db
    .selectFrom('github_teams')
    .selectAll()
    .where(sql<SqlBool>`lower(org_login) = ${org.toLowerCase()}`)
    .where(sql<SqlBool>`lower(slug) = ${slug.toLowerCase()}`)
    .executeTakeFirst();
  return row ? teamFromRow(row) : null;
}

export interface TeamMemberRow {
  teamId: number;
  login: string;
  avatarUrl: string;
  userId: string | null;
  email: string | null;
}

/** Members of these teams, each with the Shipdeck account that carries their GitHub login. */
export async function teamMemberRows(db: Db, teamIds: readonly number[]): Promise<TeamMemberRow[]> {
  if (teamIds.length === 0) return [];
  const rows = await db
    .selectFrom('github_team_members')
    .leftJoin('users', (join) =>
      join
        .on(sql<SqlBool>`lower(users.github_login) = lower(github_team_members.login)`)
        .on('users.disabled_at', 'is', null),
    )
    .where('github_team_members.team_id', 'in', teamIds)
    .select([
      'github_team_members.team_id',
      'github_team_members.login',
      'github_team_members.avatar_url',
      'users.id as user_id',
      'users.email',
    ])
    .orderBy(sql`lower(github_team_members.login)`)
    .execute();
  return rows.map((row) => ({
    teamId: Number(row.team_id),
    login: row.login,
    avatarUrl: row.avatar_url,
    userId: row.user_id ?? null,
    email: row.email ?? null,
  }));
}

/** `org/slug` of every stored team each of these logins belongs to (lower-case logins). */
export async function teamsOfLogins(
  db: Db,
  logins: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (logins.length === 0) return out;
  const rows = await db
    .selectFrom('github_team_members')
    .innerJoin('github_teams', 'github_teams.id', 'github_team_members.team_id')
    .where(
      sql<string>`lower(github_team_members.login)`,
      'in',
      logins.map((login) => login.toLowerCase()),
    )
    .select(['github_team_members.login', 'github_teams.org_login', 'github_teams.slug'])
    .execute();
  for (const row of rows) {
    const key = row.login.toLowerCase();
    out.set(key, [...(out.get(key) ?? []), `${row.org_login}/${row.slug}`.toLowerCase()]);
  }
  return out;
}

/** Members of the teams named `org/slug` (lower case), for counting a team request per member. */
export async function membersOfTeamKeys(
  db: Db,
  keys: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (keys.length === 0) return out;
  const rows = await db
    .selectFrom('github_team_members')
    .innerJoin('github_teams', 'github_teams.id', 'github_team_members.team_id')
    .where(sql<string>`lower(github_teams.org_login || '/' || github_teams.slug)`, 'in', [...keys])
    .select(['github_team_members.login', 'github_teams.org_login', 'github_teams.slug'])
    .execute();
  for (const row of rows) {
    const key = `${row.org_login}/${row.slug}`.toLowerCase();
    out.set(key, [...(out.get(key) ?? []), row.login]);
  }
  return out;
}

/** The team's repositories the viewer may read: public ones, and private ones they have access to. */
export function visibleTeamRepositories(db: Db, userId: string, teamIds: readonly number[]) {
  return db
    .selectFrom('github_team_repositories')
    .where('github_team_repositories.team_id', 'in', teamIds.length > 0 ? [...teamIds] : [-1])
    .where((eb) =>
      eb.or([
        eb('github_team_repositories.private', '=', 0),
        eb.exists(
          eb
            .selectFrom('github_repository_access')
            .select('github_repository_access.repository_id')
            .whereRef(
              'github_repository_access.repository_id',
              '=',
              'github_team_repositories.repository_id',
            )
            .where('github_repository_access.user_id', '=', userId),
        ),
      ]),
    );
}

export async function teamRepositoryRows(db: Db, userId: string, teamIds: readonly number[]) {
  const rows = await visibleTeamRepositories(db, userId, teamIds)
    .select([
      'github_team_repositories.team_id',
      'github_team_repositories.repository_id',
      'github_team_repositories.full_name',
      'github_team_repositories.private',
      'github_team_repositories.html_url',
    ])
    .orderBy(sql`lower(github_team_repositories.full_name)`)
    .execute();
  return rows.map((row) => ({
    teamId: Number(row.team_id),
    repositoryId: Number(row.repository_id),
    fullName: row.full_name,
    private: row.private === 1,
    htmlUrl: row.html_url,
  }));
}

/** Open pull requests of the teams' readable repositories, with what the waiting-on rules need. */
export async function openTeamPullRows(db: Db, userId: string, teamIds: readonly number[]) {
  const repositoryIds = visibleTeamRepositories(db, userId, teamIds).select(
    'github_team_repositories.repository_id',
  );
  const rows = await db
    .selectFrom('github_pull_requests')
    .innerJoin(
      'github_repositories',
      'github_repositories.id',
      'github_pull_requests.repository_id',
    )
    .where('github_pull_requests.state', '=', 'open')
    .where('github_pull_requests.repository_id', 'in', repositoryIds)
    .selectAll('github_pull_requests')
    .select('github_repositories.full_name')
    .execute();
  return rows;
}
export type OpenTeamPullRow = Awaited<ReturnType<typeof openTeamPullRows>>[number];

/** Reviews submitted on these pull requests' repositories since a time, by reviewer. */
export async function reviewsInRepositories(
  db: Db,
  userId: string,
  teamIds: readonly number[],
  since: string,
) {
  const repositoryIds = visibleTeamRepositories(db, userId, teamIds).select(
    'github_team_repositories.repository_id',
  );
  return db
    .selectFrom('github_pull_request_reviews')
    .innerJoin(
      'github_pull_requests',
      'github_pull_requests.id',
      'github_pull_request_reviews.pull_request_id',
    )
    .where('github_pull_requests.repository_id', 'in', repositoryIds)
    .where('github_pull_request_reviews.submitted_at', '>=', since)
    .select([
      'github_pull_request_reviews.pull_request_id',
      'github_pull_request_reviews.reviewer_login',
      'github_pull_request_reviews.state',
      'github_pull_request_reviews.submitted_at',
    ])
    .execute();
}

/** Review-request rounds made since a time in the teams' readable repositories. */
export async function reviewRequestsInRepositories(
  db: Db,
  userId: string,
  teamIds: readonly number[],
  since: string,
) {
  const repositoryIds = visibleTeamRepositories(db, userId, teamIds).select(
    'github_team_repositories.repository_id',
  );
  return db
    .selectFrom('github_pull_request_review_requests')
    .innerJoin(
      'github_pull_requests',
      'github_pull_requests.id',
      'github_pull_request_review_requests.pull_request_id',
    )
    .where('github_pull_requests.repository_id', 'in', repositoryIds)
    .where('github_pull_request_review_requests.requested_at', '>=', since)
    .select([
      'github_pull_request_review_requests.pull_request_id',
      'github_pull_request_review_requests.kind',
      'github_pull_request_review_requests.reviewer',
      'github_pull_request_review_requests.requested_at',
    ])
    .execute();
}

export async function teamSyncOf(db: Db, userId: string) {
  return db
    .selectFrom('github_team_syncs')
    .select(['notice', 'synced_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
