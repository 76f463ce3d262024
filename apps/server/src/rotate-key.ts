// Re-seals every sealed value (provider tokens) under the current ENCRYPTION_KEY, opening them
// with ENCRYPTION_KEY or any ENCRYPTION_KEY_PREVIOUS. Safe to run again; SECURITY.md has the steps.
// Run from where `npm start` runs (the same DATABASE_URL): npm run rotate-key
import { resolveEncryptionKey } from './config/encryption-key.js';
import { ConfigError, loadConfig } from './config/env.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createSecretBox, keyIdOf } from './lib/secret-box.js';
import { resealSecrets } from './modules/secrets/reseal-secrets.js';

async function rotate(): Promise<number> {
  const config = loadConfig();
  const key = resolveEncryptionKey(config);
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const keyId = keyIdOf(key);
    const report = await resealSecrets(
      database.db,
      createSecretBox(key, config.previousEncryptionKeys),
      keyId,
    );
    console.log(`Re-sealed ${report.resealed} value(s) under key ${keyId}.`);
    for (const { table, row } of report.failed) {
      console.error(`No configured key opens ${table} ${JSON.stringify(row)}`);
    }
    if (report.failed.length > 0) {
      console.error('Add the key that sealed them to ENCRYPTION_KEY_PREVIOUS and run again.');
      return 1;
    }
    return 0;
  } finally {
    await database.destroy();
  }
}

try {
  process.exitCode = await rotate();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
