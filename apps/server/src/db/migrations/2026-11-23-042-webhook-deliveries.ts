import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Provider-wide rows (no user): a delivery concerns whoever has access to its repository/project.
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('delivery_id', 'text', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addColumn('applied_at', 'text')
    .addColumn('last_error', 'text')
    .addPrimaryKeyConstraint('webhook_deliveries_pk', ['provider', 'delivery_id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_received_at')
    .on('webhook_deliveries')
    .column('received_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
}
