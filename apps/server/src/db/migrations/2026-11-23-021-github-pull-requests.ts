import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('github_pull_requests')
    .addColumn('id', 'bigint', (col) => col.primaryKey())
    .addColumn('repository_id', 'bigint', (col) =>
      col.notNull().references('github_repositories.id').onDelete('cascade'),
    )
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text')
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('draft', 'integer', (col) => col.notNull())
    .addColumn('merged_at', 'text')
    .addColumn('author_login', 'text')
    .addColumn('author_avatar_url', 'text')
    .addColumn('head_sha', 'text')
    .addColumn('head_ref', 'text')
    .addColumn('head_repo_name', 'text')
    .addColumn('head_repo_html_url', 'text')
    .addColumn('base_ref', 'text')
    .addColumn('html_url', 'text', (col) => col.notNull())
    .addColumn('comments', 'integer', (col) => col.notNull())
    // JSON arrays of logins.
    .addColumn('requested_reviewers', 'text', (col) => col.notNull())
    .addColumn('assignees', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('closed_at', 'text')
    // Filled by the insights sync; null until then.
    .addColumn('review_state', 'text')
    .addColumn('checks_state', 'text')
    .addColumn('synced_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('github_pull_requests_repository_updated')
    .on('github_pull_requests')
    .columns(['repository_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('github_pull_requests_head_sha')
    .on('github_pull_requests')
    .column('head_sha')
    .execute();

  // Which pull requests involve which user, and how: what `/pull-requests` filters on.
  await db.schema
    .createTable('github_pull_request_involvement')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pull_request_id', 'bigint', (col) =>
      col.notNull().references('github_pull_requests.id').onDelete('cascade'),
    )
    .addColumn('is_author', 'integer', (col) => col.notNull())
    .addColumn('is_review_requested', 'integer', (col) => col.notNull())
    .addColumn('is_assignee', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('github_pull_request_involvement_pk', ['user_id', 'pull_request_id'])
    .execute();
  await db.schema
    .createIndex('github_pull_request_involvement_pull_request')
    .on('github_pull_request_involvement')
    .column('pull_request_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('github_pull_request_involvement').execute();
  await db.schema.dropTable('github_pull_requests').execute();
}
