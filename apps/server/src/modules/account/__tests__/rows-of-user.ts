import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/**
 * Every row, in every table of the database, that mentions the user: their id, email or
 * username anywhere in the row. A query over every table, so a table added later is covered.
 */
export async function rowsMentioning(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  needles: string[],
): Promise<{ table: string; row: unknown }[]> {
  let schema: string | undefined;
  if (dialect === 'postgres') {
    const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    schema = current.rows[0]?.schema;
  }
  const tables = (await db.introspection.getTables()).filter(
    (table) => !table.isView && (schema === undefined || table.schema === schema),
  );
  const found: { table: string; row: unknown }[] = [];
  const lowered = needles.map((needle) => needle.toLowerCase());
  for (const table of tables) {
    if (table.name.startsWith('kysely_')) continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(
      db,
    );
    for (const row of rows.rows) {
      const text = JSON.stringify(row).toLowerCase();
      if (lowered.some((needle) => text.includes(needle))) found.push({ table: table.name, row });
    }
  }
  return found;
}
