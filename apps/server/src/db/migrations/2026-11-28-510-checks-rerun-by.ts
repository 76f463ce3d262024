import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Who asked for a re-run of failed checks (a Shipdeck user id) and when; kept after
  // `checks_rerun_at` clears, until the checks settle and that person has been told the outcome.
  await db.schema.alterTable('github_pull_requests').addColumn('checks_rerun_by', 'text').execute();
  await db.schema
    .alterTable('github_pull_requests')
    .addColumn('checks_rerun_asked_at', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['checks_rerun_asked_at', 'checks_rerun_by']) {
    await db.schema.alterTable('github_pull_requests').dropColumn(column).execute();
  }
}
