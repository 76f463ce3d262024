import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  bumpStoreVersion,
  bumpStoreVersionOfViewers,
} from '../answer-cache/store-version.repository.js';
import type { GithubCommitsTable } from './github-commits.table.js';
import type {
  GithubPullRequestInvolvementTable,
  GithubPullRequestsTable,
} from './github-pull-requests.table.js';
import type { GithubRepositoriesTable } from './github-repositories.table.js';

export type NewRepositoryRow = Insertable<GithubRepositoriesTable>;
export type NewPullRequestRow = Insertable<GithubPullRequestsTable>;
export type NewCommitRow = Insertable<GithubCommitsTable>;
export type NewInvolvementRow = Insertable<GithubPullRequestInvolvementTable>;

/** Keeps one statement well under SQLite's bound-parameter limit. */
const CHUNK = 100;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

const repositoryColumns = [
  'name',
  'full_name',
  'owner_login',
  'owner_avatar_url',
  'description',
  'private',
  'fork',
  'archived',
  'language',
  'stargazers_count',
  'forks_count',
  'watchers_count',
  'open_issues_count',
  'created_at',
  'updated_at',
  'pushed_at',
  'html_url',
  'default_branch',
  'size',
  'topics',
  'synced_at',
] as const;

/**
 * Stores one page of repositories and records that `userId` can see each of them. `alongside`
 * writes in the same transaction (the sync's cursor and progress for this page): one commit a
 * page instead of one per write, each a WAL flush on PostgreSQL.
 */
export async function saveRepositoryPage(
  db: Db,
  userId: string,
  rows: NewRepositoryRow[],
  syncedAt: string,
  alongside: (trx: Db) => Promise<void> = () => Promise.resolve(),
  /** GitHub's `permissions.push` of this user per repository id, where the listing gave it. */
  canPush: ReadonlyMap<number, boolean> = new Map(),
): Promise<void> {
  if (rows.length === 0) {
    await alongside(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    for (const part of chunks(rows)) {
      await trx
        .insertInto('github_repositories')
        .values(part)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet((eb) =>
              Object.fromEntries(
                repositoryColumns.map((column) => [column, eb.ref(`excluded.${column}`)]),
              ),
            ),
        )
        .execute();
      await trx
        .insertInto('github_repository_access')
        .values(
          part.map((row) => {
            const push = canPush.get(Number(row.id));
            return {
              user_id: userId,
              repository_id: row.id,
              synced_at: syncedAt,
              can_push: push === undefined ? null : push ? 1 : 0,
            };
          }),
        )
        .onConflict((oc) =>
          oc.columns(['user_id', 'repository_id']).doUpdateSet({
            // What this listing says of the user's push access (issue 37), kept when it says nothing.
            can_push: sql<
              number | null
            >`coalesce(excluded.can_push, github_repository_access.can_push)`,
            // The newest confirmation wins: a slower, older run overlapping a newer one (a job
            // taken for dead and retried while it still ran) must not date a row back.
            synced_at: sql<string>`case when excluded.synced_at > github_repository_access.synced_at
              then excluded.synced_at else github_repository_access.synced_at end`,
          }),
        )
        .execute();
    }
    // Shared rows: another user who sees one of these repositories sees its new figures too.
    await bumpStoreVersionOfViewers(
      trx,
      rows.map((row) => row.id),
    );
    await alongside(trx);
  });
}

/**
 * After a complete listing: the user no longer sees what was last confirmed before this run
 * began, and a repository nobody sees any more goes (its pull requests and commits with it), and so does
 * the user's involvement in pull requests of repositories they lost.
 * "Before" and not "other than": a run overlapping a newer one (a job taken for dead and retried
 * while it still ran) would otherwise drop what the newer one had confirmed so far.
 */
export async function dropUnconfirmedAccess(
  db: Db,
  userId: string,
  syncedAt: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('github_repository_access')
      .where('user_id', '=', userId)
      .where('synced_at', '<', syncedAt)
      .execute();
    // Pull requests of a repository the user lost no longer involve them.
    await trx
      .deleteFrom('github_pull_request_involvement')
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('github_pull_requests')
              .innerJoin('github_repository_access', (join) =>
                join
                  .onRef(
                    'github_repository_access.repository_id',
                    '=',
                    'github_pull_requests.repository_id',
                  )
                  .on('github_repository_access.user_id', '=', userId),
              )
              .select('github_pull_requests.id')
              .whereRef(
                'github_pull_requests.id',
                '=',
                'github_pull_request_involvement.pull_request_id',
              ),
          ),
        ),
      )
      .execute();
    await deleteOrphanRepositories(trx);
    await bumpStoreVersion(trx, [userId]);
  });
}

async function deleteOrphanRepositories(db: Db): Promise<void> {
  await db
    .deleteFrom('github_repositories')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('github_repository_access')
            .select('github_repository_access.user_id')
            .whereRef('github_repository_access.repository_id', '=', 'github_repositories.id'),
        ),
      ),
    )
    .execute();
}

/** Repository ids by full name, among those the user can see. */
export async function repositoryIdsByFullName(
  db: Db,
  userId: string,
  fullNames: string[],
): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  for (const part of chunks([...new Set(fullNames)])) {
    const rows = await db
      .selectFrom('github_repositories')
      .innerJoin(
        'github_repository_access',
        'github_repository_access.repository_id',
        'github_repositories.id',
      )
      .select(['github_repositories.id', 'github_repositories.full_name'])
      .where('github_repository_access.user_id', '=', userId)
      .where('github_repositories.full_name', 'in', part)
      .execute();
    for (const row of rows) map.set(row.full_name, Number(row.id));
  }
  return map;
}

const pullRequestSearchColumns = [
  'repository_id',
  'number',
  'title',
  'body',
  'state',
  'draft',
  'merged_at',
  'author_login',
  'author_avatar_url',
  'html_url',
  'comments',
  'assignees',
  'labels',
  'created_at',
  'updated_at',
  'closed_at',
  'synced_at',
] as const;

const pullRequestListColumns = [
  ...pullRequestSearchColumns.filter((column) => column !== 'comments'),
  'head_sha',
  'head_ref',
  'head_repo_name',
  'head_repo_html_url',
  'base_ref',
  'requested_reviewers',
] as const;

/**
 * Stores pull requests. A search hit knows the comment count but not the head and base; a
 * repository's pull list the reverse: each source updates only the columns it knows.
 */
export async function savePullRequests(
  db: Db,
  rows: NewPullRequestRow[],
  source: 'search' | 'list',
): Promise<void> {
  const columns = source === 'search' ? pullRequestSearchColumns : pullRequestListColumns;
  for (const part of chunks(rows)) {
    await db
      .insertInto('github_pull_requests')
      .values(part)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) =>
            Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}`)])),
          ),
      )
      .execute();
  }
  await bumpStoreVersionOfViewers(
    db,
    rows.map((row) => row.repository_id),
  );
}

type InvolvementFlag = 'is_author' | 'is_assignee' | 'is_review_requested';

/**
 * Records how pull requests involve a user, and when that was confirmed. `flags` are the columns
 * the source knows (the involves search cannot tell a review request), the rest are kept.
 */
export async function saveInvolvement(
  db: Db,
  rows: NewInvolvementRow[],
  flags: readonly InvolvementFlag[],
): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insertInto('github_pull_request_involvement')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['user_id', 'pull_request_id']).doUpdateSet((eb) => ({
          ...Object.fromEntries(flags.map((flag) => [flag, eb.ref(`excluded.${flag}`)])),
          confirmed_at: eb.ref('excluded.confirmed_at'),
        })),
      )
      .execute();
  }
  await bumpStoreVersion(
    db,
    rows.map((row) => row.user_id),
  );
}

/** The user is no longer asked to review these pull requests. */
export async function clearReviewRequests(
  db: Db,
  userId: string,
  pullRequestIds: number[],
): Promise<void> {
  for (const part of chunks(pullRequestIds)) {
    await db
      .updateTable('github_pull_request_involvement')
      .set({ is_review_requested: 0 })
      .where('user_id', '=', userId)
      .where('pull_request_id', 'in', part)
      .execute();
  }
  if (pullRequestIds.length > 0) await bumpStoreVersion(db, [userId]);
}

/** After a complete review-requested search: every request it did not list is over. */
export async function clearReviewRequestsExcept(
  db: Db,
  userId: string,
  requestedIds: number[],
): Promise<void> {
  let query = db
    .updateTable('github_pull_request_involvement')
    .set({ is_review_requested: 0 })
    .where('user_id', '=', userId)
    .where('is_review_requested', '=', 1);
  if (requestedIds.length > 0) query = query.where('pull_request_id', 'not in', requestedIds);
  await query.execute();
  await bumpStoreVersion(db, [userId]);
}

/**
 * A repository page GitHub answered 304: the user still sees what it listed last time, confirmed
 * as if read anew (a newer confirmation is never dated back).
 */
export async function confirmAccess(
  db: Db,
  userId: string,
  repositoryIds: number[],
  syncedAt: string,
): Promise<void> {
  for (const part of chunks(repositoryIds)) {
    await db
      .updateTable('github_repository_access')
      .set({ synced_at: syncedAt })
      .where('user_id', '=', userId)
      .where('repository_id', 'in', part)
      .where('synced_at', '<', syncedAt)
      .execute();
  }
}

/**
 * A search GitHub answered 304: nothing it lists changed since the full pass that found these
 * pull requests, so the user's involvement in them holds, confirmed again at `confirmedAt`.
 */
export async function confirmInvolvement(
  db: Db,
  userId: string,
  pullRequestIds: number[],
  confirmedAt: string,
): Promise<void> {
  for (const part of chunks(pullRequestIds)) {
    await db
      .updateTable('github_pull_request_involvement')
      .set({ confirmed_at: confirmedAt })
      .where('user_id', '=', userId)
      .where('pull_request_id', 'in', part)
      .execute();
  }
}

/** After a full refresh: involvement the refresh did not confirm has ended. */
export async function dropUnconfirmedInvolvement(
  db: Db,
  userId: string,
  confirmedAt: string,
): Promise<void> {
  await db
    .deleteFrom('github_pull_request_involvement')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('confirmed_at', 'is', null), eb('confirmed_at', '<>', confirmedAt)]))
    .execute();
  await bumpStoreVersion(db, [userId]);
}

export async function saveCommits(db: Db, rows: NewCommitRow[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insertInto('github_commits')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['repository_id', 'sha']).doUpdateSet((eb) => ({
          message: eb.ref('excluded.message'),
          author_login: eb.ref('excluded.author_login'),
          author_avatar_url: eb.ref('excluded.author_avatar_url'),
          synced_at: eb.ref('excluded.synced_at'),
        })),
      )
      .execute();
  }
  await bumpStoreVersionOfViewers(
    db,
    rows.map((row) => row.repository_id),
  );
}

/** The newest `updated_at` among the pull requests involving the user. */
export async function newestInvolvedUpdate(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('github_pull_requests')
    .innerJoin(
      'github_pull_request_involvement',
      'github_pull_request_involvement.pull_request_id',
      'github_pull_requests.id',
    )
    .select((eb) => eb.fn.max('github_pull_requests.updated_at').as('newest'))
    .where('github_pull_request_involvement.user_id', '=', userId)
    .executeTakeFirst();
  return row?.newest ?? null;
}

/**
 * Removes everything synced for the user: their access and involvement rows, snapshots, the
 * rate-limit figures last seen and sync state. Shared rows another user still sees stay; the rest goes.
 */
/** Teams nobody's token lists any more go, with their members and repositories (cascade). */
async function deleteOrphanTeams(db: Db): Promise<void> {
  await db
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
}

export async function deleteUserGithubData(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('github_pull_request_involvement').where('user_id', '=', userId).execute();
    await trx.deleteFrom('github_repository_access').where('user_id', '=', userId).execute();
    await trx.deleteFrom('github_daily_snapshots').where('user_id', '=', userId).execute();
    await trx.deleteFrom('github_rate_budgets').where('user_id', '=', userId).execute();
    await trx.deleteFrom('github_rate_windows').where('user_id', '=', userId).execute();
    await trx.deleteFrom('github_team_viewers').where('user_id', '=', userId).execute();
    await trx.deleteFrom('github_team_syncs').where('user_id', '=', userId).execute();
    await deleteOrphanTeams(trx);
    await trx
      .deleteFrom('sync_state')
      .where('user_id', '=', userId)
      .where('provider', '=', 'github')
      .execute();
    await deleteOrphanRepositories(trx);
    await bumpStoreVersion(trx, [userId]);
  });
}
