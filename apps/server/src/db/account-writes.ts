import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';

export type AccountWriteListener = () => void;

/**
 * Writes to `users` and `sessions` made through this process's database handle, announced once
 * they are visible to every other connection: after an autocommitted statement, or after the
 * commit (or rollback) of a transaction that made one. The session cache forgets what it holds
 * on each, so a sign-out, a password change or a store-version bump shows on the next request.
 */
export interface AccountWrites {
  subscribe(listener: AccountWriteListener): () => void;
  /**
   * Announces writes another process made to the same database, where the database can tell
   * (SQLite's `data_version`), at most {@link OUTSIDE_CHECK_MS} after they were committed;
   * PostgreSQL's triggers announce those instead.
   */
  checkOutside(): void;
}

// A statement that may change a user or session row: anything but a read naming either table.
// Over-matching only costs a cache miss; Kysely quotes identifiers, raw SQL may not.
const ACCOUNT_TABLE = /\b(?:users|sessions)\b/i;
const READ = /^\s*select\b/i;

// Reading SQLite's data_version took a tenth of an authenticated request's time; another
// process writing the file (an administrator's sqlite3 shell) is rare, so it is read this often.
export const OUTSIDE_CHECK_MS = 100;

export function mayWriteAccounts(query: CompiledQuery): boolean {
  if (query.query.kind === 'SelectQueryNode') return false;
  return ACCOUNT_TABLE.test(query.sql) && !READ.test(query.sql);
}

export interface WatchedDialect {
  dialect: Dialect;
  accountWrites: AccountWrites;
}

/**
 * Wraps a dialect's driver to see every statement and transaction end. `outsideVersion` reads a
 * counter that moves when another process commits (SQLite); without it, nothing outside is seen.
 */
export function watchAccountWrites(inner: Dialect, outsideVersion?: () => number): WatchedDialect {
  const listeners = new Set<AccountWriteListener>();
  const announce = () => {
    for (const listener of listeners) listener();
  };
  let lastOutside = outsideVersion?.();
  let checkedAt = performance.now();
  const accountWrites: AccountWrites = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    checkOutside: () => {
      if (!outsideVersion) return;
      const at = performance.now();
      if (at - checkedAt < OUTSIDE_CHECK_MS) return;
      checkedAt = at;
      const now = outsideVersion();
      if (now === lastOutside) return;
      lastOutside = now;
      announce();
    },
  };
  const dialect: Dialect = {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver: () => watchedDriver(inner.createDriver(), announce),
  };
  return { dialect, accountWrites };
}

function watchedDriver(driver: Driver, announce: () => void): Driver {
  const inners = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const watchers = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const inTransaction = new WeakSet<DatabaseConnection>();
  // Connections that wrote account rows in the transaction under way: announced at its end.
  const dirty = new WeakSet<DatabaseConnection>();
  const innerOf = (connection: DatabaseConnection) => inners.get(connection) ?? connection;
  const endTransaction = async (connection: DatabaseConnection, end: () => Promise<void>) => {
    try {
      await end();
    } finally {
      inTransaction.delete(connection);
      if (dirty.has(connection)) {
        dirty.delete(connection);
        announce();
      }
    }
  };
  return {
    init: () => driver.init(),
    destroy: () => driver.destroy(),
    acquireConnection: async () => {
      const inner = await driver.acquireConnection();
      const known = watchers.get(inner);
      if (known) return known;
      const watched: DatabaseConnection = {
        executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
          const writes = mayWriteAccounts(query);
          try {
            return await inner.executeQuery<R>(query);
          } finally {
            if (writes) {
              if (inTransaction.has(watched)) dirty.add(watched);
              else announce();
            }
          }
        },
        streamQuery: <R>(query: CompiledQuery, chunkSize?: number) =>
          inner.streamQuery<R>(query, chunkSize),
      };
      inners.set(watched, inner);
      watchers.set(inner, watched);
      return watched;
    },
    releaseConnection: (connection) => driver.releaseConnection(innerOf(connection)),
    beginTransaction: async (connection, settings: TransactionSettings) => {
      await driver.beginTransaction(innerOf(connection), settings);
      inTransaction.add(connection);
    },
    commitTransaction: (connection) =>
      endTransaction(connection, () => driver.commitTransaction(innerOf(connection))),
    rollbackTransaction: (connection) =>
      endTransaction(connection, () => driver.rollbackTransaction(innerOf(connection))),
    ...(driver.savepoint
      ? {
          savepoint: (connection, name, compile) =>
            driver.savepoint?.(innerOf(connection), name, compile) ?? Promise.resolve(),
        }
      : {}),
    ...(driver.rollbackToSavepoint
      ? {
          rollbackToSavepoint: (connection, name, compile) =>
            driver.rollbackToSavepoint?.(innerOf(connection), name, compile) ?? Promise.resolve(),
        }
      : {}),
    ...(driver.releaseSavepoint
      ? {
          releaseSavepoint: (connection, name, compile) =>
            driver.releaseSavepoint?.(innerOf(connection), name, compile) ?? Promise.resolve(),
        }
      : {}),
  };
}
