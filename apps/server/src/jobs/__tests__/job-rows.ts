import type { DatabaseHandle } from '../../db/database.js';
import type { JobQueue } from '../job-queue.js';

/** What the tests read of a stored job, the same for both engines. */
export interface StoredJob {
  state: string;
  retryCount: number;
  runAt: number;
  lastError: string | null;
}

/** Reads a job straight from the engine's table, to check what the engine recorded. */
export async function storedJob(
  database: DatabaseHandle,
  queue: JobQueue,
  id: string,
): Promise<StoredJob> {
  if (queue.engine !== 'sqlite') throw new Error(`no reader for ${queue.engine}`);
  const row = await database.db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    state: row.state,
    retryCount: row.retry_count,
    runAt: Date.parse(row.run_at),
    lastError: row.last_error,
  };
}

/** Moves a waiting job's start to now: the tests' stand-in for waiting out a backoff. */
export async function makeDue(
  database: DatabaseHandle,
  queue: JobQueue,
  id: string,
): Promise<void> {
  if (queue.engine !== 'sqlite') throw new Error(`no writer for ${queue.engine}`);
  await database.db
    .updateTable('jobs')
    .set({ run_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}
