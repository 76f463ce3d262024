import type {
  ColumnMetadata,
  DatabaseIntrospector,
  DatabaseMetadata,
  DatabaseMetadataOptions,
  Kysely,
  SchemaMetadata,
  TableMetadata,
} from 'kysely';
import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  PostgresIntrospector,
  sql,
} from 'kysely';

interface ColumnRow {
  table: string;
  table_type: string;
  schema: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: string | null;
}

/**
 * Kysely's PostgreSQL introspector reads every schema of the database and, for each table,
 * resolves the schema and table again by name (has_schema_privilege, pg_get_serial_sequence).
 * A schema dropped meanwhile by another connection (a parallel test file, another run) is still
 * in the query's snapshot but no longer resolvable by name, and the whole query fails with
 * `schema "…" does not exist`: the migrator asks for tables before every migration run. This one
 * reads only the connection's current schema, the only one the app ever uses.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    // A plain read of pg_namespace: nothing is looked up by name, so nothing can vanish.
    return new PostgresIntrospector(this.#db).getSchemas();
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as table, c.relkind as table_type, ns.nspname as schema,
        a.attname as column, a.attnotnull as not_null, a.atthasdef as has_default,
        typ.typname as type, dtns.nspname as type_schema,
        col_description(a.attrelid, a.attnum) as column_description,
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname)
          as auto_incrementing
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on a.attrelid = c.oid
      join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
      join pg_catalog.pg_type typ on a.atttypid = typ.oid
      join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
      where ns.nspname = current_schema()
        and c.relkind in ('r', 'v', 'p')
        and a.attnum >= 0
        and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, { table: TableMetadata; columns: ColumnMetadata[] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      let entry = tables.get(row.table);
      if (!entry) {
        const columns: ColumnMetadata[] = [];
        entry = {
          table: { name: row.table, schema: row.schema, isView: row.table_type === 'v', columns },
          columns,
        };
        tables.set(row.table, entry);
      }
      entry.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isAutoIncrementing: row.auto_incrementing !== null,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        ...(row.column_description === null ? {} : { comment: row.column_description }),
      });
    }
    return [...tables.values()].map((entry) => entry.table);
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Kysely's PostgreSQL dialect, introspecting only the current schema (see above). */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
