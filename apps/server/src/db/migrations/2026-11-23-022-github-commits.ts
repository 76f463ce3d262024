import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Recent commits of each repository's default branch; a fork shares SHAs with its parent,
  // so the key is (repository, sha).
  await db.schema
    .createTable('github_commits')
    .addColumn('repository_id', 'bigint', (col) =>
      col.notNull().references('github_repositories.id').onDelete('cascade'),
    )
    .addColumn('sha', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('author_name', 'text')
    .addColumn('author_login', 'text')
    .addColumn('author_avatar_url', 'text')
    .addColumn('committed_at', 'text', (col) => col.notNull())
    .addColumn('committer_date', 'text')
    .addColumn('html_url', 'text', (col) => col.notNull())
    .addColumn('synced_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('github_commits_pk', ['repository_id', 'sha'])
    .execute();
  await db.schema
    .createIndex('github_commits_repository_date')
    .on('github_commits')
    .columns(['repository_id', 'committed_at'])
    .execute();
  await db.schema.createIndex('github_commits_sha').on('github_commits').column('sha').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('github_commits').execute();
}
