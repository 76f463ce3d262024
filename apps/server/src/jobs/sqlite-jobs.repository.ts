import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import { inKeyFamily } from './job-key-family.js';
import type { JobsTable } from './jobs.table.js';

export type JobRow = Selectable<JobsTable>;

const QUEUED = ['created', 'retry'] as const;
const UNFINISHED = ['created', 'retry', 'active'] as const;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** pg-boss's backoff without its jitter: the delay doubles with every failed attempt. */
export function retryDelayMs(delaySeconds: number, failedAttempts: number): number {
  return delaySeconds * 1000 * 2 ** Math.min(16, Math.max(0, failedAttempts - 1));
}

export interface NewJob {
  queue: string;
  data: object;
  singletonKey: string | null;
  priority: number;
  retryLimit: number;
  retryDelaySeconds: number;
  runAt: number;
}

/** Answers the new id, or null when a job with the same key is already queued. */
export async function insertJob(db: Db, job: NewJob): Promise<string | null> {
  const id = randomUUID();
  const inserted = await db
    .insertInto('jobs')
    .values({
      id,
      queue: job.queue,
      state: 'created',
      data: JSON.stringify(job.data),
      singleton_key: job.singletonKey,
      priority: job.priority,
      retry_count: 0,
      retry_limit: job.retryLimit,
      retry_delay_seconds: job.retryDelaySeconds,
      run_at: iso(job.runAt),
      created_at: iso(Date.now()),
    })
    // The partial unique index over (queue, state, singleton_key) is the de-duplication.
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/**
 * Claims the most urgent due job of the given queues in one statement: higher priority first,
 * then the longest due. A key with a job already active is skipped, so one key never runs twice
 * at once and a busy key does not hold up the others.
 */
export async function claimJob(
  db: Db,
  queues: readonly string[],
  now: number,
  expireInSeconds: number,
): Promise<JobRow | undefined> {
  if (queues.length === 0) return undefined;
  const startedAt = iso(now);
  return (
    db
      .updateTable('jobs')
      .set({
        state: 'active',
        started_at: startedAt,
        expires_at: iso(now + expireInSeconds * 1000),
      })
      // Checked again on the row itself: a claimer that lost the race finds it active and skips it.
      .where('state', 'in', QUEUED)
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs as next')
          .select('next.id')
          .where('next.queue', 'in', queues)
          .where('next.state', 'in', QUEUED)
          .where('next.run_at', '<=', startedAt)
          .where((inner) =>
            inner.or([
              inner('next.singleton_key', 'is', null),
              inner.not(
                inner.exists(
                  inner
                    .selectFrom('jobs as running')
                    .select('running.id')
                    .whereRef('running.queue', '=', 'next.queue')
                    .whereRef('running.singleton_key', '=', 'next.singleton_key')
                    .where('running.state', '=', 'active'),
                ),
              ),
            ]),
          )
          .orderBy('next.priority', 'desc')
          .orderBy('next.run_at')
          .orderBy('next.created_at')
          .limit(1),
      )
      .returningAll()
      .executeTakeFirst()
  );
}

/** The attempt a worker holds: a job expired and claimed again is no longer its to finish. */
export interface Attempt {
  id: string;
  startedAt: string;
}

function ownedAttempt(db: Db, attempt: Attempt) {
  return db
    .updateTable('jobs')
    .where('id', '=', attempt.id)
    .where('state', '=', 'active')
    .where('started_at', '=', attempt.startedAt);
}

/** The job of an attempt still held, or undefined once it expired and was claimed again. */
function findOwnedAttempt(db: Db, attempt: Attempt): Promise<JobRow | undefined> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', attempt.id)
    .where('state', '=', 'active')
    .where('started_at', '=', attempt.startedAt)
    .executeTakeFirst();
}

export async function completeJob(db: Db, attempt: Attempt): Promise<void> {
  await ownedAttempt(db, attempt)
    .set({ state: 'completed', completed_at: iso(Date.now()), expires_at: null })
    .execute();
}

/** Whether another job of the key already waits in `state` (the stately index allows one). */
async function keyTaken(db: Db, job: JobRow, state: 'created' | 'retry'): Promise<boolean> {
  if (job.singleton_key === null) return false;
  const other = await db
    .selectFrom('jobs')
    .select('id')
    .where('queue', '=', job.queue)
    .where('singleton_key', '=', job.singleton_key)
    .where('state', '=', state)
    .where('id', '!=', job.id)
    .executeTakeFirst();
  return other !== undefined;
}

/**
 * A failed attempt: retried after an exponential backoff while attempts remain, else recorded
 * as failed. As in pg-boss, a retry whose key already has a retry waiting fails instead.
 * Answers which, or null when the attempt was no longer this one's (expired and taken again).
 */
export async function failJob(
  db: Db,
  attempt: Attempt,
  error: string,
  now = Date.now(),
): Promise<'retry' | 'failed' | null> {
  return db.transaction().execute(async (trx) => {
    const job = await findOwnedAttempt(trx, attempt);
    if (!job) return null;
    const failedAttempts = job.retry_count + 1;
    const retry = job.retry_count < job.retry_limit && !(await keyTaken(trx, job, 'retry'));
    await trx
      .updateTable('jobs')
      .where('id', '=', job.id)
      .set(
        retry
          ? {
              state: 'retry',
              retry_count: failedAttempts,
              run_at: iso(now + retryDelayMs(job.retry_delay_seconds, failedAttempts)),
              expires_at: null,
              last_error: error,
            }
          : {
              state: 'failed',
              completed_at: iso(now),
              expires_at: null,
              last_error: error,
            },
      )
      .execute();
    return retry ? 'retry' : 'failed';
  });
}

/**
 * Puts a job back to run after `seconds` without counting an attempt. When another job of the
 * key is already queued, that one carries the work and this one is done.
 */
export async function deferJob(db: Db, attempt: Attempt, seconds: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const job = await findOwnedAttempt(trx, attempt);
    if (!job) return;
    const now = Date.now();
    await trx
      .updateTable('jobs')
      .where('id', '=', job.id)
      .set(
        (await keyTaken(trx, job, 'created'))
          ? { state: 'completed', completed_at: iso(now), expires_at: null }
          : { state: 'created', run_at: iso(now + seconds * 1000), expires_at: null },
      )
      .execute();
  });
}

/** Which jobs a cancel reaches: one by id, or a key and the keys that extend it. */
export type JobSelector = { id: string } | { key: string };

/**
 * Marks the selected unfinished jobs cancelled. A running one keeps running, but its attempt is
 * no longer active, so completing, failing or deferring it changes nothing.
 */
export async function cancelJobs(
  db: Db,
  queue: string,
  which: JobSelector,
  now = Date.now(),
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'cancelled', completed_at: iso(now), expires_at: null })
    .where('queue', '=', queue)
    .where('state', 'in', UNFINISHED)
    .where('id' in which ? (eb) => eb('id', '=', which.id) : inKeyFamily(which.key))
    .execute();
}

/** Removes every job of a key and the keys that extend it, whatever its state. */
export async function deleteKeyedJobs(db: Db, queue: string, key: string): Promise<void> {
  await db.deleteFrom('jobs').where('queue', '=', queue).where(inKeyFamily(key)).execute();
}

/** Jobs waiting to run per queue, those waiting for a retry or their start time included. */
export async function countQueuedJobs(db: Db, queues: string[]): Promise<Map<string, number>> {
  if (queues.length === 0) return new Map();
  const rows = await db
    .selectFrom('jobs')
    .select(['queue', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('queue', 'in', queues)
    .where('state', 'in', QUEUED)
    .groupBy('queue')
    .execute();
  return new Map(rows.map((row) => [row.queue, Number(row.count)]));
}

/** Active jobs past their expiry belonged to a process that died: each counts as a failure. */
export async function expireJobs(db: Db, now = Date.now()): Promise<number> {
  const expired = await db
    .selectFrom('jobs')
    .select(['id', 'started_at'])
    .where('state', '=', 'active')
    .where('expires_at', '<', iso(now))
    .execute();
  for (const job of expired) {
    if (job.started_at === null) continue;
    await failJob(
      db,
      { id: job.id, startedAt: job.started_at },
      'job expired in active state',
      now,
    );
  }
  return expired.length;
}

/** Finished jobs are kept a while for inspection, then removed. */
export async function purgeFinishedJobs(db: Db, olderThan: number): Promise<void> {
  await db
    .deleteFrom('jobs')
    .where('state', 'in', ['completed', 'cancelled', 'failed'])
    .where('completed_at', '<', iso(olderThan))
    .execute();
}
