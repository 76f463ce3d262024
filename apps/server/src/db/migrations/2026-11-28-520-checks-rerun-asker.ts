import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Each sync looks up the re-runs its user asked for that are still pending, involved in the pull
  // request or not: only the few rows marked "Re-running" are in the index, so the look-up stays
  // small however many pull requests are stored.
  await db.schema
    .createIndex('github_pull_requests_checks_rerun_by')
    .on('github_pull_requests')
    .column('checks_rerun_by')
    .where(sql.ref('checks_rerun_at'), 'is not', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('github_pull_requests_checks_rerun_by').execute();
}
