import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// Only the PostgreSQL engine writes this table (pg-boss 10 finds jobs by id alone); it is created
// on both dialects so one list of migrations serves both, as `jobs` is.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_keys')
    .addColumn('queue', 'text', (col) => col.notNull())
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('singleton_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('job_keys_pk', ['queue', 'job_id'])
    .execute();
  await db.schema
    .createIndex('job_keys_key')
    .on('job_keys')
    .columns(['queue', 'singleton_key'])
    .execute();
  await db.schema.createIndex('job_keys_created').on('job_keys').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_keys').execute();
}
