import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One row per (user, GitHub notification thread): what the last poll of GET /notifications saw.
  await db.schema
    .createTable('github_notification_threads')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('thread_id', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('unread', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('last_read_at', 'text')
    .addColumn('subject_type', 'text')
    .addColumn('subject_title', 'text', (col) => col.notNull())
    .addColumn('subject_url', 'text')
    .addColumn('latest_comment_url', 'text')
    .addColumn('repository', 'text', (col) => col.notNull())
    .addColumn('repository_html_url', 'text', (col) => col.notNull())
    .addColumn('link', 'text')
    .addColumn('pull_request_number', 'integer')
    // The pull request's state when the thread (or its latest update) arrived: "merged or closed
    // since it arrived" compares the synced store with this.
    .addColumn('pull_request_state_at_arrival', 'text')
    .addColumn('muted_at', 'text')
    .addColumn('first_seen_at', 'text', (col) => col.notNull())
    .addColumn('synced_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('github_notification_threads_pk', ['user_id', 'thread_id'])
    .execute();
  await db.schema
    .createIndex('github_notification_threads_user_updated')
    .on('github_notification_threads')
    .columns(['user_id', 'updated_at'])
    .execute();

  // Per user: how the notifications poll stands (Last-Modified, X-Poll-Interval, presence).
  await db.schema
    .createTable('github_inbox_polls')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('access', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('poll_interval_seconds', 'integer', (col) => col.notNull().defaultTo(60))
    .addColumn('not_before', 'text')
    .addColumn('last_poll_at', 'text')
    .addColumn('last_full_at', 'text')
    .addColumn('last_success_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('token_updated_at', 'text')
    .addColumn('live_until', 'text')
    .execute();

  // Shipdeck's own events name their repository where they have one (for the inbox's filter).
  await db.schema.alterTable('notifications').addColumn('repository', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('repository').execute();
  await db.schema.dropTable('github_inbox_polls').execute();
  await db.schema.dropTable('github_notification_threads').execute();
}
