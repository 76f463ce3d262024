import type {
  PullRequestFilter,
  PullRequestSort,
  RepositoryFilter,
  RepositorySort,
} from '@shipdeck/shared/github';
import type { ShipFilter } from '@shipdeck/shared/insights';
import type { Expression, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The user's repositories: only ever reached through their access rows. */
function visibleRepositories(db: Db, userId: string) {
  return db
    .selectFrom('github_repositories')
    .innerJoin(
      'github_repository_access',
      'github_repository_access.repository_id',
      'github_repositories.id',
    )
    .where('github_repository_access.user_id', '=', userId);
}

/** `%` and `_` typed into a search box are text, not wildcards. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function recentlyPushedRepositories(db: Db, userId: string, limit: number) {
  return visibleRepositories(db, userId)
    .selectAll('github_repositories')
    .where('github_repositories.pushed_at', 'is not', null)
    .orderBy('github_repositories.pushed_at', 'desc')
    .limit(limit)
    .execute();
}

export async function listRepositoryRows(
  db: Db,
  userId: string,
  options: {
    q?: string | undefined;
    filter: RepositoryFilter;
    sort: RepositorySort;
    page: number;
    perPage: number;
  },
) {
  let query = visibleRepositories(db, userId);
  if (options.filter === 'public') query = query.where('github_repositories.private', '=', 0);
  if (options.filter === 'private') query = query.where('github_repositories.private', '=', 1);
  if (options.filter === 'fork') query = query.where('github_repositories.fork', '=', 1);
  if (options.q) {
    const pattern = likePattern(options.q);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(github_repositories.full_name)`, 'like', sql`${pattern} escape '\\'`),
        eb(
          sql`lower(coalesce(github_repositories.description, ''))`,
          'like',
          sql`${pattern} escape '\\'`,
        ),
      ]),
    );
  }
  // Unfiltered, the total is the user's access rows alone (each references one repository):
  // their primary key answers it without visiting a repository row.
  const counting =
    options.filter === 'all' && !options.q
      ? db
          .selectFrom('github_repository_access')
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst();
  let ordered = query.selectAll('github_repositories');
  switch (options.sort) {
    case 'name':
      ordered = ordered
        .orderBy(sql`lower(github_repositories.name)`)
        .orderBy('github_repositories.id');
      break;
    case 'stars':
      ordered = ordered
        .orderBy('github_repositories.stargazers_count', 'desc')
        .orderBy('github_repositories.id');
      break;
    case 'forks':
      ordered = ordered
        .orderBy('github_repositories.forks_count', 'desc')
        .orderBy('github_repositories.id');
      break;
    default:
      ordered = ordered
        .orderBy(sql`coalesce(github_repositories.updated_at, '')`, 'desc')
        .orderBy('github_repositories.id');
  }
  // On PostgreSQL the count and the page run at once, on two of the pool's connections.
  const [counted, rows] = await Promise.all([
    counting,
    ordered
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function findVisibleRepository(db: Db, userId: string, fullName: string) {
  return visibleRepositories(db, userId)
    .selectAll('github_repositories')
    .where(sql<SqlBool>`lower(github_repositories.full_name) = ${fullName.toLowerCase()}`)
    .executeTakeFirst();
}

export async function repositoryTotals(db: Db, userId: string) {
  const row = await visibleRepositories(db, userId)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('repos'),
      eb.fn.sum<number | string | null>('github_repositories.open_issues_count').as('issues'),
      eb.fn.sum<number | string | null>('github_repositories.stargazers_count').as('stars'),
      eb.fn.sum<number | string | null>('github_repositories.forks_count').as('forks'),
    ])
    .executeTakeFirst();
  return {
    totalRepos: Number(row?.repos ?? 0),
    openIssues: Number(row?.issues ?? 0),
    totalStars: Number(row?.stars ?? 0),
    totalForks: Number(row?.forks ?? 0),
  };
}

export async function countRepositoriesPushedSince(db: Db, userId: string, since: string) {
  const row = await visibleRepositories(db, userId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('github_repositories.pushed_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function repositoriesPushedSince(db: Db, userId: string, since: string) {
  return visibleRepositories(db, userId)
    .selectAll('github_repositories')
    .where('github_repositories.pushed_at', '>=', since)
    .orderBy('github_repositories.pushed_at', 'desc')
    .execute();
}

/** The user's own commits (by GitHub login) in their repositories since `since`, per UTC day. */
export async function commitsPerDay(db: Db, userId: string, login: string, since: string) {
  const rows = await db
    .selectFrom('github_commits')
    .innerJoin(
      'github_repository_access',
      'github_repository_access.repository_id',
      'github_commits.repository_id',
    )
    .where('github_repository_access.user_id', '=', userId)
    .where('github_commits.author_login', '=', login)
    .where('github_commits.committed_at', '>=', since)
    .select((eb) => [
      sql<string>`substr(github_commits.committed_at, 1, 10)`.as('day'),
      eb.fn.countAll<number | string>().as('n'),
    ])
    .groupBy(sql`substr(github_commits.committed_at, 1, 10)`)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}

/** Pull requests involving the user opened since `since`, per UTC day. */
export async function pullRequestsPerDay(db: Db, userId: string, since: string) {
  const rows = await involvedPullRequests(db, userId)
    .where('github_pull_requests.created_at', '>=', since)
    .select((eb) => [
      sql<string>`substr(github_pull_requests.created_at, 1, 10)`.as('day'),
      eb.fn.countAll<number | string>().as('n'),
    ])
    .groupBy(sql`substr(github_pull_requests.created_at, 1, 10)`)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}

/** Pull requests in the repositories the user can see, each with its repository's row. */
export function visiblePullRequests(db: Db, userId: string) {
  return db
    .selectFrom('github_pull_requests')
    .innerJoin('github_repository_access', (join) =>
      join
        .onRef('github_repository_access.repository_id', '=', 'github_pull_requests.repository_id')
        .on('github_repository_access.user_id', '=', userId),
    )
    .innerJoin(
      'github_repositories',
      'github_repositories.id',
      'github_pull_requests.repository_id',
    );
}

export function involvedPullRequests(db: Db, userId: string) {
  return visiblePullRequests(db, userId)
    .innerJoin(
      'github_pull_request_involvement',
      'github_pull_request_involvement.pull_request_id',
      'github_pull_requests.id',
    )
    .where('github_pull_request_involvement.user_id', '=', userId);
}

/** The columns of a pull-request row as the pull-request DTOs and ship status read them. */
export const PULL_REQUEST_COLUMNS = [
  'github_pull_requests.id',
  'github_pull_requests.number',
  'github_pull_requests.title',
  'github_pull_requests.body',
  'github_pull_requests.state',
  'github_pull_requests.draft',
  'github_pull_requests.merged_at',
  'github_pull_requests.closed_at',
  'github_pull_requests.created_at',
  'github_pull_requests.updated_at',
  'github_pull_requests.comments',
  'github_pull_requests.author_login',
  'github_pull_requests.author_avatar_url',
  'github_pull_requests.html_url',
  'github_pull_requests.head_ref',
  'github_pull_requests.head_repo_name',
  'github_pull_requests.head_repo_html_url',
  'github_pull_requests.head_sha',
  'github_pull_requests.review_state',
  'github_pull_requests.checks_state',
  'github_pull_requests.checks_rerun_at',
  'github_pull_requests.auto_merge_method',
  'github_pull_requests.auto_merge_enabled_by',
  'github_pull_requests.auto_merge_enabled_at',
  'github_repositories.full_name',
] as const;

export async function listInvolvedPullRequestRows(
  db: Db,
  userId: string,
  options: {
    q?: string | undefined;
    filter: PullRequestFilter;
    ship?: ShipFilter | undefined;
    sort: PullRequestSort;
    page: number;
    perPage: number;
  },
) {
  let query = involvedPullRequests(db, userId);
  // Over the review and checks state the sync stored: see shipFilterRules for each definition.
  if (options.ship === 'mine')
    query = query.where('github_pull_request_involvement.is_author', '=', 1);
  if (options.ship === 'needs_my_review') {
    query = query
      .where('github_pull_requests.state', '=', 'open')
      .where('github_pull_requests.draft', '=', 0)
      .where('github_pull_request_involvement.is_review_requested', '=', 1);
  }
  if (options.ship === 'failing_checks') {
    query = query
      .where('github_pull_requests.state', '=', 'open')
      .where('github_pull_requests.checks_state', '=', 'failing');
  }
  if (options.ship === 'ready_to_merge') {
    query = query
      .where('github_pull_requests.state', '=', 'open')
      .where('github_pull_requests.draft', '=', 0)
      .where('github_pull_requests.review_state', '=', 'approved')
      .where('github_pull_requests.checks_state', '=', 'passing');
  }
  if (options.filter === 'open') query = query.where('github_pull_requests.state', '=', 'open');
  if (options.filter === 'closed') {
    query = query
      .where('github_pull_requests.state', '=', 'closed')
      .where('github_pull_requests.merged_at', 'is', null);
  }
  if (options.filter === 'merged')
    query = query.where('github_pull_requests.merged_at', 'is not', null);
  if (options.q) {
    const pattern = likePattern(options.q);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(github_pull_requests.title)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(github_repositories.full_name)`, 'like', sql`${pattern} escape '\\'`),
      ] as Expression<SqlBool>[]),
    );
  }
  const sortColumn =
    options.sort === 'created'
      ? 'github_pull_requests.created_at'
      : 'github_pull_requests.updated_at';
  const [counted, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
    query
      .select(PULL_REQUEST_COLUMNS)
      .orderBy(sortColumn, 'desc')
      .orderBy('github_pull_requests.id', 'desc')
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

export type PullRequestListRow = Awaited<
  ReturnType<typeof listInvolvedPullRequestRows>
>['rows'][number];

export async function listRepositoryPullRows(
  db: Db,
  repositoryId: number,
  options: { state: 'all' | 'open' | 'closed'; page: number; perPage: number },
) {
  let query = db
    .selectFrom('github_pull_requests')
    .innerJoin(
      'github_repositories',
      'github_repositories.id',
      'github_pull_requests.repository_id',
    )
    .where('github_pull_requests.repository_id', '=', repositoryId);
  if (options.state !== 'all')
    query = query.where('github_pull_requests.state', '=', options.state);
  const counted = await query
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirst();
  const rows = await query
    .select(PULL_REQUEST_COLUMNS)
    .orderBy('github_pull_requests.updated_at', 'desc')
    .orderBy('github_pull_requests.id', 'desc')
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function listRepositoryCommitRows(
  db: Db,
  repositoryId: number,
  options: { page: number; perPage: number },
) {
  const query = db.selectFrom('github_commits').where('repository_id', '=', repositoryId);
  const counted = await query
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirst();
  const rows = await query
    .selectAll()
    .orderBy('committed_at', 'desc')
    .orderBy('sha')
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return { rows, total: Number(counted?.total ?? 0) };
}
