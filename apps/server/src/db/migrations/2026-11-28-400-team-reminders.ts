import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // A team's scheduled reminder (issue 36). The team is named by org and slug, as its routes are.
  await db.schema
    .createTable('team_reminders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('org', 'text', (col) => col.notNull())
    .addColumn('team_slug', 'text', (col) => col.notNull())
    // Whose GitHub access picks the pull requests; the reminder outlives the account.
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('channel', 'text', (col) => col.notNull())
    // Sealed like provider tokens; only the last four characters are ever shown.
    .addColumn('slack_webhook_sealed', 'text')
    .addColumn('slack_webhook_last4', 'text')
    .addColumn('days', 'text', (col) => col.notNull())
    .addColumn('times', 'text', (col) => col.notNull())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('ignore_drafts', 'integer', (col) => col.notNull())
    .addColumn('require_review_requests', 'integer', (col) => col.notNull())
    .addColumn('ignore_approved_with', 'integer')
    .addColumn('min_age_hours', 'integer', (col) => col.notNull())
    .addColumn('min_stale_hours', 'integer', (col) => col.notNull())
    .addColumn('ignored_terms', 'text', (col) => col.notNull())
    .addColumn('ignored_labels', 'text', (col) => col.notNull())
    .addColumn('required_labels', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('last_sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('team_reminders_team_idx')
    .on('team_reminders')
    .columns(['org', 'team_slug'])
    .execute();
  // One row per (reminder, slot): its primary key is what sends a slot once across instances.
  await db.schema
    .createTable('team_reminder_deliveries')
    .addColumn('reminder_id', 'text', (col) =>
      col.notNull().references('team_reminders.id').onDelete('cascade'),
    )
    .addColumn('slot', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('pull_request_count', 'integer')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addPrimaryKeyConstraint('team_reminder_deliveries_pk', ['reminder_id', 'slot'])
    .execute();
  // Labels of a pull request (names), for a reminder's ignored and required labels.
  await db.schema
    .alterTable('github_pull_requests')
    .addColumn('labels', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('github_pull_requests').dropColumn('labels').execute();
  await db.schema.dropTable('team_reminder_deliveries').execute();
  await db.schema.dropTable('team_reminders').execute();
}
