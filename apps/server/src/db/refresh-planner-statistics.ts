import { sql } from 'kysely';
import type { DatabaseHandle } from './database.js';
import type { Database } from './schema.js';

/**
 * PostgreSQL plans from table statistics that autovacuum refreshes on its next visit only (a
 * minute or more). Right after a first sync filled them, the store's tables were planned as
 * nearly empty: the repositories search looped over 5,023 index lookups (10 ms) instead of one
 * scan (3.5 ms once analysed). A bulk fill ends with this; SQLite plans without statistics here.
 */
export async function refreshPlannerStatistics(
  database: DatabaseHandle,
  tables: ReadonlyArray<keyof Database>,
): Promise<void> {
  if (database.dialect !== 'postgres' || tables.length === 0) return;
  await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(database.db);
}
