import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AppConfig } from './env.js';
import { ConfigError, decodeKey } from './env.js';

/**
 * ENCRYPTION_KEY when set. Otherwise, for a single SQLite instance, a key generated once and kept
 * (owner-only) beside the database file, so `npm start` needs no setup and tokens survive restarts.
 */
export function resolveEncryptionKey(config: AppConfig): Buffer {
  if (config.encryptionKey) return config.encryptionKey;
  if (config.database.dialect !== 'sqlite' || config.database.filename === ':memory:') {
    throw new ConfigError('Invalid configuration:\n  ENCRYPTION_KEY is required');
  }
  const keyFile = join(dirname(config.database.filename), 'encryption.key');
  if (existsSync(keyFile)) {
    const key = decodeKey(readFileSync(keyFile, 'utf8').trim());
    if (!key)
      throw new ConfigError(`Invalid configuration:\n  ${keyFile} does not hold a 32-byte key`);
    return key;
  }
  mkdirSync(dirname(keyFile), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(keyFile, key.toString('hex'), { mode: 0o600 });
  return key;
}
