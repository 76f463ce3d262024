import type { Kysely } from 'kysely';

// When a sync last confirmed that a pull request involves the user: a full refresh drops the
// involvement it did not confirm (unassigned, no longer requested, access lost).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('github_pull_request_involvement')
    .addColumn('confirmed_at', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('github_pull_request_involvement')
    .dropColumn('confirmed_at')
    .execute();
}
