import type { Db } from '../db/database.js';
import { inKeyFamily } from './job-key-family.js';

export interface JobKey {
  queue: string;
  jobId: string;
  key: string;
}

export async function recordJobKey(db: Db, job: JobKey, now = Date.now()): Promise<void> {
  await db
    .insertInto('job_keys')
    .values({
      queue: job.queue,
      job_id: job.jobId,
      singleton_key: job.key,
      created_at: new Date(now).toISOString(),
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** The ids recorded for a key and the keys that extend it. */
export async function listJobIdsByKey(db: Db, queue: string, key: string): Promise<string[]> {
  const rows = await db
    .selectFrom('job_keys')
    .select('job_id')
    .where('queue', '=', queue)
    .where(inKeyFamily(key))
    .execute();
  return rows.map((row) => row.job_id);
}

export async function deleteJobKeys(db: Db, queue: string, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db
    .deleteFrom('job_keys')
    .where('queue', '=', queue)
    .where('job_id', 'in', jobIds)
    .execute();
}

export async function pruneJobKeys(db: Db, olderThan: number): Promise<void> {
  await db
    .deleteFrom('job_keys')
    .where('created_at', '<', new Date(olderThan).toISOString())
    .execute();
}
