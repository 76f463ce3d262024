import type { JobsConfig } from '../config/env.js';
import type { DatabaseHandle } from '../db/database.js';
import type { JobLogger } from './job-engine-options.js';
import type { JobQueue } from './job-queue.js';
import { SqliteJobQueue } from './sqlite-job-queue.js';

/** The engine for the database: the embedded adapter over the `jobs` table. */
export function createJobQueue(
  database: DatabaseHandle,
  config: JobsConfig,
  logger: JobLogger,
): JobQueue {
  return new SqliteJobQueue(database.db, {
    pollIntervalMs: config.pollIntervalMs,
    concurrency: config.concurrency,
    expireInSeconds: config.expireInSeconds,
    logger,
  });
}
