import type { JobsConfig } from '../config/env.js';
import type { DatabaseHandle } from '../db/database.js';
import type { JobLogger } from './job-engine-options.js';
import type { JobQueue } from './job-queue.js';
import { PgBossJobQueue } from './pg-boss-job-queue.js';
import { SqliteJobQueue } from './sqlite-job-queue.js';

/**
 * pg-boss on PostgreSQL (many instances), the embedded table engine on SQLite (one instance).
 * pg-boss keeps its tables in the `pgboss` schema, or beside the app's own tables when the
 * database is confined to a schema (each test run's throwaway schema), so both go together.
 */
export function createJobQueue(
  database: DatabaseHandle,
  config: JobsConfig,
  logger: JobLogger,
): JobQueue {
  const options = {
    pollIntervalMs: config.pollIntervalMs,
    concurrency: config.concurrency,
    expireInSeconds: config.expireInSeconds,
    logger,
  };
  if (database.config.dialect === 'sqlite') return new SqliteJobQueue(database.db, options);
  return new PgBossJobQueue({
    ...options,
    connectionString: database.config.connectionString,
    db: database.db,
    schema: database.config.schema ?? 'pgboss',
  });
}
