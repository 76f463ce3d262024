import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Team mode (issue 36): the teams GitHub lists for each person's token, their members and
  // repositories, and what the waiting-on rules and review load need per pull request.
  await db.schema
    .createTable('github_teams')
    .addColumn('id', 'bigint', (col) => col.primaryKey())
    .addColumn('org_login', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('html_url', 'text', (col) => col.notNull())
    .addColumn('parent', 'text')
    .addColumn('members_etag', 'text')
    .addColumn('repositories_etag', 'text')
    .addColumn('synced_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('github_teams_org_slug')
    .on('github_teams')
    .columns(['org_login', 'slug'])
    .execute();
  // Who may see a team: exactly the people whose own token GitHub lists it for.
  await db.schema
    .createTable('github_team_viewers')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'bigint', (col) =>
      col.notNull().references('github_teams.id').onDelete('cascade'),
    )
    .addColumn('synced_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('github_team_viewers_pk', ['user_id', 'team_id'])
    .execute();
  await db.schema
    .createIndex('github_team_viewers_team')
    .on('github_team_viewers')
    .column('team_id')
    .execute();
  await db.schema
    .createTable('github_team_members')
    .addColumn('team_id', 'bigint', (col) =>
      col.notNull().references('github_teams.id').onDelete('cascade'),
    )
    .addColumn('login', 'text', (col) => col.notNull())
    .addColumn('avatar_url', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('github_team_members_pk', ['team_id', 'login'])
    .execute();
  await db.schema
    .createIndex('github_team_members_login')
    .on('github_team_members')
    .column('login')
    .execute();
  await db.schema
    .createTable('github_team_repositories')
    .addColumn('team_id', 'bigint', (col) =>
      col.notNull().references('github_teams.id').onDelete('cascade'),
    )
    .addColumn('repository_id', 'bigint', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('private', 'integer', (col) => col.notNull())
    .addColumn('html_url', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('github_team_repositories_pk', ['team_id', 'repository_id'])
    .execute();
  await db.schema
    .createIndex('github_team_repositories_repository')
    .on('github_team_repositories')
    .column('repository_id')
    .execute();
  // Per person: when their teams were last read, and the notice when the token cannot list them.
  await db.schema
    .createTable('github_team_syncs')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('etag', 'text')
    .addColumn('notice', 'text')
    .addColumn('synced_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('github_pull_requests')
    .addColumn('requested_teams', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  // GitHub's MERGEABLE / CONFLICTING / UNKNOWN; null until a ship-status pass has asked.
  await db.schema.alterTable('github_pull_requests').addColumn('mergeable', 'text').execute();
  await db.schema
    .createTable('github_pull_request_reviews')
    .addColumn('id', 'bigint', (col) => col.primaryKey())
    .addColumn('pull_request_id', 'bigint', (col) =>
      col.notNull().references('github_pull_requests.id').onDelete('cascade'),
    )
    .addColumn('reviewer_login', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('submitted_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('github_pull_request_reviews_pull')
    .on('github_pull_request_reviews')
    .column('pull_request_id')
    .execute();
  await db.schema
    .createIndex('github_pull_request_reviews_reviewer')
    .on('github_pull_request_reviews')
    .columns(['reviewer_login', 'submitted_at'])
    .execute();
  // Each round a person or team was asked: when (first seen by a sync, or the webhook's time)
  // and when it ended (a review given, or the request removed).
  await db.schema
    .createTable('github_pull_request_review_requests')
    .addColumn('pull_request_id', 'bigint', (col) =>
      col.notNull().references('github_pull_requests.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('reviewer', 'text', (col) => col.notNull())
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .addColumn('cleared_at', 'text')
    .addPrimaryKeyConstraint('github_pull_request_review_requests_pk', [
      'pull_request_id',
      'kind',
      'reviewer',
      'requested_at',
    ])
    .execute();
  await db.schema
    .createIndex('github_pull_request_review_requests_reviewer')
    .on('github_pull_request_review_requests')
    .columns(['reviewer', 'requested_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('github_pull_request_review_requests').execute();
  await db.schema.dropTable('github_pull_request_reviews').execute();
  await db.schema.alterTable('github_pull_requests').dropColumn('mergeable').execute();
  await db.schema.alterTable('github_pull_requests').dropColumn('requested_teams').execute();
  await db.schema.dropTable('github_team_syncs').execute();
  await db.schema.dropTable('github_team_repositories').execute();
  await db.schema.dropTable('github_team_members').execute();
  await db.schema.dropTable('github_team_viewers').execute();
  await db.schema.dropTable('github_teams').execute();
}
