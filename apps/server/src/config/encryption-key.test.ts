import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveEncryptionKey } from './encryption-key.js';
import { loadConfig } from './env.js';

describe('resolveEncryptionKey', () => {
  it('prefers ENCRYPTION_KEY', () => {
    const config = loadConfig({ ENCRYPTION_KEY: 'b'.repeat(64) });
    expect(resolveEncryptionKey(config)).toEqual(Buffer.from('b'.repeat(64), 'hex'));
  });

  it('creates an owner-only key file beside a SQLite database once and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shipdeck-key-'));
    const config = loadConfig({ DATABASE_URL: join(dir, 'app.db') });
    const first = resolveEncryptionKey(config);
    const second = resolveEncryptionKey(config);
    expect(first).toHaveLength(32);
    expect(second).toEqual(first);
    const keyFile = join(dir, 'encryption.key');
    expect(readFileSync(keyFile, 'utf8')).toBe(first.toString('hex'));
    expect(statSync(keyFile).mode & 0o077).toBe(0);
  });
});
