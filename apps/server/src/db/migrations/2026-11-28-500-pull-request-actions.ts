import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Pull-request actions (issue 37). What the repository allows, null while unknown: GitHub's
  // REST answer carries `allow_*` only for admins, so a sync may not have learnt them yet.
  for (const column of [
    'allow_merge_commit',
    'allow_squash_merge',
    'allow_rebase_merge',
    'allow_auto_merge',
  ]) {
    await db.schema.alterTable('github_repositories').addColumn(column, 'integer').execute();
  }
  // GitHub's `permissions.push` for this person: actions hide where it is 0.
  await db.schema.alterTable('github_repository_access').addColumn('can_push', 'integer').execute();
  // Merge when ready while it is on (GitHub's `auto_merge`); `enabled_by` is a GitHub login.
  await db.schema
    .alterTable('github_pull_requests')
    .addColumn('auto_merge_method', 'text')
    .execute();
  await db.schema
    .alterTable('github_pull_requests')
    .addColumn('auto_merge_enabled_by', 'text')
    .execute();
  await db.schema
    .alterTable('github_pull_requests')
    .addColumn('auto_merge_enabled_at', 'text')
    .execute();
  // A re-run of failed checks was asked for at this time; cleared when new results arrive.
  await db.schema.alterTable('github_pull_requests').addColumn('checks_rerun_at', 'text').execute();

  // Each person's last merge method per repository, offered first next time.
  await db.schema
    .createTable('github_merge_preferences')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('repository_id', 'bigint', (col) =>
      col.notNull().references('github_repositories.id').onDelete('cascade'),
    )
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('github_merge_preferences_pk', ['user_id', 'repository_id'])
    .execute();

  // One action at a time per pull request, across instances: the primary key is the lock, taken
  // by inserting and released by deleting; a holder that died frees it when `expires_at` passes.
  await db.schema
    .createTable('pull_request_action_locks')
    .addColumn('lock_key', 'text', (col) => col.primaryKey())
    .addColumn('holder', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('acquired_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pull_request_action_locks').execute();
  await db.schema.dropTable('github_merge_preferences').execute();
  for (const column of [
    'checks_rerun_at',
    'auto_merge_enabled_at',
    'auto_merge_enabled_by',
    'auto_merge_method',
  ]) {
    await db.schema.alterTable('github_pull_requests').dropColumn(column).execute();
  }
  await db.schema.alterTable('github_repository_access').dropColumn('can_push').execute();
  for (const column of [
    'allow_auto_merge',
    'allow_rebase_merge',
    'allow_squash_merge',
    'allow_merge_commit',
  ]) {
    await db.schema.alterTable('github_repositories').dropColumn(column).execute();
  }
}
