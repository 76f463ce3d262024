import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';

// Every distinct SQL text the app builds; the query builders produce a few hundred at most.
const MAX_STATEMENTS = 1_000;

/**
 * The database as Kysely's SQLite dialect sees it, with each SQL text compiled once: Kysely asks
 * for a new prepared statement on every query, and compiling it was a visible share of a
 * request's time. Reusing one is safe because better-sqlite3 runs each statement to completion
 * synchronously; one still being iterated by a stream is busy, and a fresh one is compiled
 * instead. SQLite re-prepares a statement by itself after a schema change.
 */
export function withCachedStatements(database: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: MAX_STATEMENTS });
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (sql: string) => {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept;
      const statement = database.prepare(sql);
      if (!kept) statements.set(sql, statement);
      return statement;
    },
  };
}
