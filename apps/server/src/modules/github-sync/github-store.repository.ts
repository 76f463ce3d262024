import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
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

/** Stores one page of repositories and records that `userId` can see each of them. */
export async function saveRepositoryPage(
  db: Db,
  userId: string,
  rows: NewRepositoryRow[],
  syncedAt: string,
): Promise<void> {
  if (rows.length === 0) return;
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
          part.map((row) => ({ user_id: userId, repository_id: row.id, synced_at: syncedAt })),
        )
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'repository_id'])
            .doUpdateSet((eb) => ({ synced_at: eb.ref('excluded.synced_at') })),
        )
        .execute();
    }
  });
}

/**
 * After a complete listing: the user no longer sees what the listing did not confirm, and a
 * repository nobody sees any more goes (its pull requests and commits with it).
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
      .where('synced_at', '<>', syncedAt)
      .execute();
    await deleteOrphanRepositories(trx);
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
}

/** Records how pull requests involve a user; a flag once seen stays until the row goes. */
export async function saveInvolvement(db: Db, rows: NewInvolvementRow[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insertInto('github_pull_request_involvement')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['user_id', 'pull_request_id']).doUpdateSet((eb) => ({
          is_author: eb.ref('excluded.is_author'),
          is_assignee: eb.ref('excluded.is_assignee'),
          is_review_requested: eb.ref('excluded.is_review_requested'),
        })),
      )
      .execute();
  }
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
 * Removes everything synced for the user: their access and involvement rows, snapshots and
 * sync state. Shared rows another user still sees stay; the rest goes.
 */
export async function deleteUserGithubData(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('github_pull_request_involvement').where('user_id', '=', userId).execute();
    await trx.deleteFrom('github_repository_access').where('user_id', '=', userId).execute();
    await trx.deleteFrom('github_daily_snapshots').where('user_id', '=', userId).execute();
    await trx
      .deleteFrom('sync_state')
      .where('user_id', '=', userId)
      .where('provider', '=', 'github')
      .execute();
    await deleteOrphanRepositories(trx);
  });
}
