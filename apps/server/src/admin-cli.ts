// The operator's way in without email: npm run admin -- <command> on a checkout, shipdeck-admin
// <command> in the image. Reads the server's settings; safe beside a running server.
import { ConfigError, loadConfig } from './config/env.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { AppError } from './lib/app-error.js';
import { ADMIN_USAGE, runAdminCommand, UsageError } from './modules/admin/admin-commands.js';

async function main(argv: string[]): Promise<number> {
  const config = loadConfig();
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    console.log(await runAdminCommand({ db: database.db, config }, argv));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${ADMIN_USAGE}`);
      return 2;
    }
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.destroy();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
