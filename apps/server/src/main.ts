import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { resolveEncryptionKey } from './config/encryption-key.js';
import type { AppConfig } from './config/env.js';
import { ConfigError, loadConfig } from './config/env.js';

function readConfig(): AppConfig {
  try {
    const config = loadConfig();
    return { ...config, encryptionKey: resolveEncryptionKey(config) };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const app = await buildApp({ config });
  // SIGTERM/SIGINT: stop accepting connections, finish in-flight requests, close the database.
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ host: config.host, port: config.port });
}

await main();
