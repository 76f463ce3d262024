import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../database.js';

describe('SQLite files on disk', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const modeOf = (file: string) => statSync(file).mode & 0o777;

  it('creates the database and its WAL readable by the owner only, whatever the umask', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shipdeck-mode-'));
    dirs.push(dir);
    const filename = join(dir, 'data', 'shipdeck.db');
    const previous = process.umask(0o022);
    try {
      const handle = createDatabase({ dialect: 'sqlite', filename });
      await sql`create table t (x integer)`.execute(handle.db);
      await sql`insert into t values (1)`.execute(handle.db);
      expect(modeOf(filename)).toBe(0o600);
      expect(modeOf(`${filename}-wal`)).toBe(0o600);
      await handle.destroy();
    } finally {
      process.umask(previous);
    }
  });

  it('tightens a database file an older version left world-readable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shipdeck-mode-'));
    dirs.push(dir);
    const filename = join(dir, 'old.db');
    writeFileSync(filename, '', { mode: 0o644 });
    const handle = createDatabase({ dialect: 'sqlite', filename });
    expect(modeOf(filename)).toBe(0o600);
    await handle.destroy();
  });
});
