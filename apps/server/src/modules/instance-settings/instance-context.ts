import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';

/**
 * What instance administration needs: the database and the settings. The server's app has both,
 * and so does the command line (admin-cli.ts), which runs the same actions without a server.
 */
export interface InstanceContext {
  db: Db;
  config: AppConfig;
}
