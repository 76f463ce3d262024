import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// The tables back the SQLite job engine; PostgreSQL runs pg-boss in its own tables, but the
// migration is the same on both dialects so one list of migrations serves both.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('queue', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('singleton_key', 'text')
    .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('retry_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('retry_limit', 'integer', (col) => col.notNull())
    .addColumn('retry_delay_seconds', 'integer', (col) => col.notNull())
    .addColumn('run_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // pg-boss's `stately` policy: per key at most one job in each of created, retry and active.
  await db.schema
    .createIndex('jobs_singleton')
    .on('jobs')
    .columns(['queue', 'state', 'singleton_key'])
    .unique()
    .where(sql.ref('state'), 'in', ['created', 'retry', 'active'])
    .execute();
  await db.schema
    .createIndex('jobs_due')
    .on('jobs')
    .columns(['state', 'queue', 'run_at'])
    .execute();

  await db.schema
    .createTable('job_schedules')
    .addColumn('queue', 'text', (col) => col.primaryKey())
    .addColumn('cron', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('last_slot_at', 'text', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_schedules').execute();
  await db.schema.dropTable('jobs').execute();
}
