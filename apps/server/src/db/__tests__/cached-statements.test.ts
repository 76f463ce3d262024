import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withCachedStatements } from '../cached-statements.js';

describe('SQLite statements compiled once', () => {
  const raw = new SQLite(':memory:');
  const database = withCachedStatements(raw);
  raw.exec('create table t (n integer)');
  raw.exec('insert into t values (1), (2), (3)');

  afterEach(() => {
    raw.exec('delete from t where n > 3');
  });

  it('hands out the same statement for the same SQL, with fresh results each run', () => {
    const first = database.prepare('select n from t order by n');
    expect(first.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    raw.exec('insert into t values (4)');
    const again = database.prepare('select n from t order by n');
    expect(again).toBe(first);
    expect(again.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
  });

  it('compiles a fresh statement while the kept one is still being iterated', () => {
    const sql = 'select n from t where n >= ? order by n';
    const streaming = database.prepare(sql).iterate([1]);
    expect(streaming.next().value).toEqual({ n: 1 });
    expect(database.prepare(sql).all([2])).toEqual([{ n: 2 }, { n: 3 }]);
    expect([...streaming]).toEqual([{ n: 2 }, { n: 3 }]);
  });
});
