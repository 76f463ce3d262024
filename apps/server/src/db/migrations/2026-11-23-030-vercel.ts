import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// Rows are per user: a project or deployment is visible only to the users whose own Vercel
// connection synced it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vercel_connections')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('team_id', 'text')
    .addColumn('team_slug', 'text')
    .addColumn('team_name', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('connected_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('vercel_projects')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('framework', 'text')
    .addColumn('link_type', 'text')
    .addColumn('link_org', 'text')
    .addColumn('link_repo', 'text')
    .addColumn('link_repo_id', 'bigint')
    .addColumn('link_production_branch', 'text')
    .addColumn('production_deployment_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('synced_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('vercel_projects_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('vercel_projects_user_repo')
    .on('vercel_projects')
    .columns(['user_id', 'link_org', 'link_repo'])
    .execute();

  await db.schema
    .createTable('vercel_deployments')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('project_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('inspector_url', 'text')
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('branch', 'text')
    .addColumn('commit_sha', 'text')
    .addColumn('commit_message', 'text')
    .addColumn('commit_author_name', 'text')
    .addColumn('commit_author_login', 'text')
    .addColumn('commit_org', 'text')
    .addColumn('commit_repo', 'text')
    .addColumn('commit_repo_id', 'bigint')
    .addColumn('pr_id', 'integer')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('building_at', 'text')
    .addColumn('ready_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('build_log', 'text')
    .addColumn('build_log_fetched_at', 'text')
    .addColumn('synced_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('vercel_deployments_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('vercel_deployments_user_project_created')
    .on('vercel_deployments')
    .columns(['user_id', 'project_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('vercel_deployments_user_sha')
    .on('vercel_deployments')
    .columns(['user_id', 'commit_sha'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vercel_deployments').execute();
  await db.schema.dropTable('vercel_projects').execute();
  await db.schema.dropTable('vercel_connections').execute();
}
