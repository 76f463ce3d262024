import type { RawBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';

/**
 * Rows whose `singleton_key` is `key` or extends it after a `:` (see `JobOptions.singletonKey`).
 * Compared by characters rather than LIKE: a key may hold `_` or `%`, and SQLite's LIKE ignores
 * case, so a pattern could reach another user's key.
 */
export function inKeyFamily(key: string): RawBuilder<SqlBool> {
  const prefix = `${key}:`;
  return sql<SqlBool>`(singleton_key = ${key} or substr(singleton_key, 1, length(cast(${prefix} as text))) = ${prefix})`;
}
