import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { AccountWrites, WatchedDialect } from './account-writes.js';
import { watchAccountWrites } from './account-writes.js';
import pg from 'pg';
import type { DatabaseConfig } from '../config/env.js';
import { withCachedStatements } from './cached-statements.js';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DatabaseConfig['dialect'];
  /** What it was opened with: the job engine opens its own connections to the same database. */
  config: DatabaseConfig;
  /** Writes to users and sessions, for the session cache. */
  accountWrites: AccountWrites;
  isReachable: () => Promise<boolean>;
  destroy: () => Promise<void>;
}

/** SQLite files that hold password hashes and cached private data: owner-only. */
const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the database file owner-only before SQLite opens it (SQLite gives its -wal and -shm
 * files the same mode as the database), and tightens files an older version left readable.
 */
function protectSqliteFiles(filename: string): void {
  mkdirSync(dirname(filename), { recursive: true });
  closeSync(openSync(filename, 'a', PRIVATE_FILE_MODE));
  for (const file of [filename, `${filename}-wal`, `${filename}-shm`]) {
    if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  }
}

function sqliteDialect(filename: string): WatchedDialect {
  if (filename !== ':memory:') protectSqliteFiles(filename);
  const database = new SQLite(filename);
  // WAL lets readers proceed while a write is in progress; foreign keys give ON DELETE CASCADE.
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Moves when another connection (another process) commits to the file: see checkOutside.
  const dataVersion = database.prepare('pragma data_version').pluck();
  return watchAccountWrites(new SqliteDialect({ database: withCachedStatements(database) }), () =>
    Number(dataVersion.get()),
  );
}

function postgresDialect(connectionString: string, schema?: string): WatchedDialect {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  return watchAccountWrites(new CurrentSchemaPostgresDialect({ pool }));
}

export function createDatabase(config: DatabaseConfig): DatabaseHandle {
  const { dialect, accountWrites } =
    config.dialect === 'sqlite'
      ? sqliteDialect(config.filename)
      : postgresDialect(config.connectionString, config.schema);
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    dialect: config.dialect,
    config,
    accountWrites,
    isReachable: async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    destroy: () => db.destroy(),
  };
}
