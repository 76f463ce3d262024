import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The pull request an action is asked on, as the store holds it for this user: only through a
 * repository this user's own sync saw (github_repository_access), never another person's rows.
 */
export async function findActionPullRequest(
  db: Db,
  userId: string,
  fullName: string,
  number: number,
) {
  return db
    .selectFrom('github_pull_requests')
    .innerJoin(
      'github_repositories',
      'github_repositories.id',
      'github_pull_requests.repository_id',
    )
    .innerJoin('github_repository_access', (join) =>
      join
        .onRef('github_repository_access.repository_id', '=', 'github_repositories.id')
        .on('github_repository_access.user_id', '=', userId),
    )
    .where(sql<SqlBool>`lower(github_repositories.full_name) = ${fullName.toLowerCase()}`)
    .where('github_pull_requests.number', '=', number)
    .select([
      'github_pull_requests.id',
      'github_pull_requests.repository_id',
      'github_pull_requests.number',
      'github_pull_requests.title',
      'github_pull_requests.state',
      'github_pull_requests.draft',
      'github_pull_requests.merged_at',
      'github_pull_requests.head_sha',
      'github_pull_requests.author_login',
      'github_pull_requests.html_url',
      'github_pull_requests.mergeable',
      'github_pull_requests.review_state',
      'github_pull_requests.checks_state',
      'github_pull_requests.auto_merge_method',
      'github_pull_requests.auto_merge_enabled_by',
      'github_pull_requests.auto_merge_enabled_at',
      'github_pull_requests.checks_rerun_at',
      'github_repositories.full_name',
      'github_repositories.owner_login',
      'github_repositories.name as repository_name',
      'github_repositories.archived',
      'github_repositories.allow_merge_commit',
      'github_repositories.allow_squash_merge',
      'github_repositories.allow_rebase_merge',
      'github_repositories.allow_auto_merge',
      'github_repository_access.can_push',
    ])
    .executeTakeFirst();
}

export type ActionPullRequestRow = NonNullable<Awaited<ReturnType<typeof findActionPullRequest>>>;
