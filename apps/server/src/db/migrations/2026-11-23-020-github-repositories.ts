import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One row per GitHub repository, however many Shipdeck users can see it; booleans are 0/1.
  await db.schema
    .createTable('github_repositories')
    .addColumn('id', 'bigint', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('owner_login', 'text', (col) => col.notNull())
    .addColumn('owner_avatar_url', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('private', 'integer', (col) => col.notNull())
    .addColumn('fork', 'integer', (col) => col.notNull())
    .addColumn('archived', 'integer', (col) => col.notNull())
    .addColumn('language', 'text')
    .addColumn('stargazers_count', 'integer', (col) => col.notNull())
    .addColumn('forks_count', 'integer', (col) => col.notNull())
    .addColumn('watchers_count', 'integer', (col) => col.notNull())
    .addColumn('open_issues_count', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text')
    .addColumn('updated_at', 'text')
    .addColumn('pushed_at', 'text')
    .addColumn('html_url', 'text', (col) => col.notNull())
    .addColumn('default_branch', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('topics', 'text', (col) => col.notNull())
    .addColumn('synced_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('github_repositories_full_name')
    .on('github_repositories')
    .column('full_name')
    .execute();

  // Who can see which repository: the only way a user reaches a repository row.
  await db.schema
    .createTable('github_repository_access')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('repository_id', 'bigint', (col) =>
      col.notNull().references('github_repositories.id').onDelete('cascade'),
    )
    .addColumn('synced_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('github_repository_access_pk', ['user_id', 'repository_id'])
    .execute();
  await db.schema
    .createIndex('github_repository_access_repository')
    .on('github_repository_access')
    .column('repository_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('github_repository_access').execute();
  await db.schema.dropTable('github_repositories').execute();
}
