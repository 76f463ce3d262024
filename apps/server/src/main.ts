import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { resolveEncryptionKey } from './config/encryption-key.js';
import type { AppConfig } from './config/env.js';
import { ConfigError, loadConfig } from './config/env.js';
import { publishNodeEnv } from './config/publish-node-env.js';
import { startDemoProviders } from './demo/start-demo-providers.js';

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
  let config = readConfig();
  publishNodeEnv(config);
  let closeDemo = async () => {};
  let connectDemo = (_serverUrl: string) => {};
  let emulatorAdminKey: string | null = null;
  let serveDemoPages = async (_app: FastifyInstance) => {};
  if (config.demoMode && !config.github.oauth) {
    const demo = await startDemoProviders(config, { activityMs: config.demoActivityMs });
    config = demo.config;
    closeDemo = demo.close;
    connectDemo = demo.connect;
    emulatorAdminKey = demo.adminKey;
    serveDemoPages = demo.serveBrowserPages;
  }
  const app = await buildApp({ config });
  await serveDemoPages(app);
  if (config.demoMode) {
    app.log.info(
      { githubApiUrl: config.github?.apiUrl },
      'demo mode: the built-in emulator stands in for GitHub',
    );
    if (emulatorAdminKey) {
      // Printed, not logged as a field: it is meant for the person who started the server.
      app.log.info(
        `demo mode: the emulator's /_emulator admin API needs the header x-emulator-key: ${emulatorAdminKey}`,
      );
    }
  }
  // SIGTERM/SIGINT: stop accepting connections, finish in-flight requests and running jobs, close
  // the database.
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await closeDemo();
  });
  const address = await app.listen({ host: config.host, port: config.port });
  if (config.jobs.worker) {
    await app.jobs.start();
    app.log.info({ engine: app.jobs.engine }, 'background jobs started');
  }
  // The emulator lives in this process: it reaches the server on loopback, whatever HOST is.
  connectDemo(`http://127.0.0.1:${new URL(address).port}`);
}

await main();
