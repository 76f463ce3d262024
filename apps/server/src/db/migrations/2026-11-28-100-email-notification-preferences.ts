import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One switch per kind of notification email (on, under the Email notifications switch), the
  // daily digest (off) with its hour, and the time zone the person's browser reports.
  const columns: [string, number][] = [
    ['pref_email_deployment_failed', 1],
    ['pref_email_review_requested', 1],
    ['pref_email_review_verdict', 1],
    ['pref_email_checks_failed', 1],
    ['pref_email_digest', 0],
    ['pref_digest_hour', 8],
  ];
  for (const [name, value] of columns) {
    await db.schema
      .alterTable('users')
      .addColumn(name, 'integer', (col) => col.notNull().defaultTo(value))
      .execute();
  }
  await db.schema
    .alterTable('users')
    .addColumn('pref_time_zone', 'text', (col) => col.notNull().defaultTo('UTC'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'pref_email_deployment_failed',
    'pref_email_review_requested',
    'pref_email_review_verdict',
    'pref_email_checks_failed',
    'pref_email_digest',
    'pref_digest_hour',
    'pref_time_zone',
  ]) {
    await db.schema.alterTable('users').dropColumn(name).execute();
  }
}
