import type { Db } from '../../db/database.js';
import {
  bumpStoreVersion,
  bumpStoreVersionOfViewers,
} from '../answer-cache/store-version.repository.js';
import type { WireTeam, WireTeamMember, WireTeamRepository } from './github-teams-wire.js';

// Writes of the team tables (issue 36). Teams are shared rows; who may see one is its
// `github_team_viewers` rows, which each person's sync replaces with what GitHub lists for them.

const CHUNK = 100;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

async function viewersOf(db: Db, teamIds: readonly number[]): Promise<string[]> {
  if (teamIds.length === 0) return [];
  const rows = await db
    .selectFrom('github_team_viewers')
    .select('user_id')
    .distinct()
    .where('team_id', 'in', [...teamIds])
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * The teams GitHub lists for this person's token: stored, and the only ones they may see. A team
 * GitHub stops listing is forgotten for them, and gone once nobody's token lists it.
 */
export async function saveViewerTeams(
  db: Db,
  userId: string,
  teams: readonly WireTeam[],
  syncedAt: string,
): Promise<void> {
  const ids = teams.map((team) => team.id);
  await db.transaction().execute(async (trx) => {
    for (const team of teams) {
      const row = {
        org_login: team.organization.login,
        slug: team.slug,
        name: team.name,
        description: team.description,
        html_url: team.html_url,
        parent: team.parent ? `${team.organization.login}/${team.parent.slug}` : null,
        synced_at: syncedAt,
      };
      await trx
        .insertInto('github_teams')
        .values({ id: team.id, ...row, members_etag: null, repositories_etag: null })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
      await trx
        .insertInto('github_team_viewers')
        .values({ user_id: userId, team_id: team.id, synced_at: syncedAt })
        .onConflict((oc) => oc.columns(['user_id', 'team_id']).doUpdateSet({ synced_at: syncedAt }))
        .execute();
    }
    let forget = trx.deleteFrom('github_team_viewers').where('user_id', '=', userId);
    if (ids.length > 0) forget = forget.where('team_id', 'not in', ids);
    await forget.execute();
    // A team nobody's token lists any more is forgotten with its members and repositories.
    await trx
      .deleteFrom('github_teams')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('github_team_viewers')
              .select('github_team_viewers.team_id')
              .whereRef('github_team_viewers.team_id', '=', 'github_teams.id'),
          ),
        ),
      )
      .execute();
  });
  await bumpStoreVersion(db, [userId]);
}

/** The notice a token without the scope gets, or none; and the `GET /user/teams` validator. */
export async function saveTeamSync(
  db: Db,
  userId: string,
  values: { etag: string | null; notice: string | null; syncedAt: string },
): Promise<void> {
  const row = { etag: values.etag, notice: values.notice, synced_at: values.syncedAt };
  await db
    .insertInto('github_team_syncs')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

export async function findTeamSync(db: Db, userId: string) {
  return db
    .selectFrom('github_team_syncs')
    .select(['etag', 'notice', 'synced_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The person's teams with the validators of their member and repository listings. */
export async function viewerTeamsToRead(db: Db, userId: string) {
  const rows = await db
    .selectFrom('github_teams')
    .innerJoin('github_team_viewers', 'github_team_viewers.team_id', 'github_teams.id')
    .where('github_team_viewers.user_id', '=', userId)
    .select([
      'github_teams.id',
      'github_teams.org_login',
      'github_teams.slug',
      'github_teams.members_etag',
      'github_teams.repositories_etag',
    ])
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function saveTeamMembers(
  db: Db,
  teamId: number,
  members: readonly WireTeamMember[],
  etag: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('github_team_members').where('team_id', '=', teamId).execute();
    for (const part of chunks(members))
      await trx
        .insertInto('github_team_members')
        .values(part.map((m) => ({ team_id: teamId, login: m.login, avatar_url: m.avatar_url })))
        .execute();
    await trx
      .updateTable('github_teams')
      .set({ members_etag: etag })
      .where('id', '=', teamId)
      .execute();
  });
  await bumpStoreVersion(db, await viewersOf(db, [teamId]));
}

export async function saveTeamRepositories(
  db: Db,
  teamId: number,
  repositories: readonly WireTeamRepository[],
  etag: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('github_team_repositories').where('team_id', '=', teamId).execute();
    for (const part of chunks(repositories))
      await trx
        .insertInto('github_team_repositories')
        .values(
          part.map((r) => ({
            team_id: teamId,
            repository_id: r.id,
            full_name: r.full_name,
            private: r.private ? 1 : 0,
            html_url: r.html_url,
          })),
        )
        .execute();
    await trx
      .updateTable('github_teams')
      .set({ repositories_etag: etag })
      .where('id', '=', teamId)
      .execute();
  });
  await bumpStoreVersion(db, await viewersOf(db, [teamId]));
}

/** Organisations of the person's teams, and the ids of every repository of those teams. */
export async function viewerTeamRepositoryIds(db: Db, userId: string) {
  const rows = await db
    .selectFrom('github_team_repositories')
    .innerJoin(
      'github_team_viewers',
      'github_team_viewers.team_id',
      'github_team_repositories.team_id',
    )
    .innerJoin('github_teams', 'github_teams.id', 'github_team_repositories.team_id')
    .where('github_team_viewers.user_id', '=', userId)
    .select(['github_teams.org_login', 'github_team_repositories.repository_id'])
    .execute();
  return {
    orgs: [...new Set(rows.map((row) => row.org_login))].sort(),
    repositoryIds: new Set(rows.map((row) => Number(row.repository_id))),
  };
}

export interface TeamPullDetails {
  pullRequestId: number;
  draft: boolean;
  mergeable: string;
  requestedReviewers: string[];
  requestedTeams: string[];
  reviews: { id: number; reviewerLogin: string; state: string; submittedAt: string }[];
}

/**
 * What a team pass read of each pull request: draft, conflicts, who is asked (a new round of a
 * request starts when first seen, and ends when GitHub no longer lists it), and the reviews.
 */
export async function saveTeamPullDetails(
  db: Db,
  details: readonly TeamPullDetails[],
  now: string,
): Promise<void> {
  if (details.length === 0) return;
  for (const pull of details) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('github_pull_requests')
        .set({
          draft: pull.draft ? 1 : 0,
          mergeable: pull.mergeable,
          requested_reviewers: JSON.stringify(pull.requestedReviewers),
          requested_teams: JSON.stringify(pull.requestedTeams),
        })
        .where('id', '=', pull.pullRequestId)
        .execute();
      for (const review of pull.reviews) {
        const row = {
          pull_request_id: pull.pullRequestId,
          reviewer_login: review.reviewerLogin,
          state: review.state,
          submitted_at: review.submittedAt,
        };
        await trx
          .insertInto('github_pull_request_reviews')
          .values({ id: review.id, ...row })
          .onConflict((oc) => oc.column('id').doUpdateSet(row))
          .execute();
      }
      const open = await trx
        .selectFrom('github_pull_request_review_requests')
        .select(['kind', 'reviewer', 'requested_at'])
        .where('pull_request_id', '=', pull.pullRequestId)
        .where('cleared_at', 'is', null)
        .execute();
      const asked = [
        ...pull.requestedReviewers.map((reviewer) => ({ kind: 'user' as const, reviewer })),
        ...pull.requestedTeams.map((reviewer) => ({ kind: 'team' as const, reviewer })),
      ];
      const key = (kind: string, reviewer: string) => `${kind}:${reviewer.toLowerCase()}`;
      const askedKeys = new Set(asked.map((a) => key(a.kind, a.reviewer)));
      const openKeys = new Set(open.map((o) => key(o.kind, o.reviewer)));
      for (const round of open) {
        if (askedKeys.has(key(round.kind, round.reviewer))) continue;
        await trx
          .updateTable('github_pull_request_review_requests')
          .set({ cleared_at: now })
          .where('pull_request_id', '=', pull.pullRequestId)
          .where('kind', '=', round.kind)
          .where('reviewer', '=', round.reviewer)
          .where('requested_at', '=', round.requested_at)
          .execute();
      }
      for (const request of asked) {
        if (openKeys.has(key(request.kind, request.reviewer))) continue;
        await trx
          .insertInto('github_pull_request_review_requests')
          .values({
            pull_request_id: pull.pullRequestId,
            kind: request.kind,
            reviewer: request.reviewer,
            requested_at: now,
            cleared_at: null,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    });
  }
  // Cached team answers of everyone who reads these repositories are out of date now.
  const rows = await db
    .selectFrom('github_pull_requests')
    .select('repository_id')
    .distinct()
    .where(
      'id',
      'in',
      details.map((pull) => pull.pullRequestId),
    )
    .execute();
  await bumpStoreVersionOfViewers(
    db,
    rows.map((row) => Number(row.repository_id)),
  );
}
