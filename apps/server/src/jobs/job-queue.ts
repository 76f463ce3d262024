/**
 * The one interface every piece of background work goes through. Two engines implement it:
 * pg-boss 10 on PostgreSQL (many instances) and a small adapter over the `jobs` table on SQLite
 * (one instance). Delivery is at least once, so every handler must be idempotent.
 */

export interface JobOptions {
  /**
   * De-duplication key: at most one queued and one running job per (queue, key), like pg-boss's
   * `stately` policy. A send that finds one already queued is dropped and answers null.
   * Parts are joined by `:`, narrowest last (`vercel:<user>:<project>`), so `cancelByKey` can
   * reach every job of a user through the user's part.
   */
  singletonKey?: string;
  /** Higher runs first (pg-boss's direction). Default 0. */
  priority?: number;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
  /** Failed attempts retried this many times, with exponential backoff. Default 3. */
  retryLimit?: number;
  /** First retry delay in seconds; doubles each time. Default 10. */
  retryDelaySeconds?: number;
}

export interface CancelByKeyOptions {
  /** Remove the jobs, finished ones included, rather than mark the unfinished ones cancelled. */
  forget?: boolean;
}

export interface Job<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface WorkOptions {
  /** Jobs of this queue run at most this many at once per instance. Default 1. */
  concurrency?: number;
}

/**
 * Thrown by a handler that must wait (a provider's rate limit, `retry-after`): the job is put
 * back to run after `seconds`, and this does not count as a failed attempt.
 */
export class RetryLaterError extends Error {
  override name = 'RetryLaterError';
  constructor(
    readonly seconds: number,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * How one attempt of a job ended: `retried` failed with attempts left, `failed` failed for good,
 * `deferred` waits for a provider's limit (a RetryLaterError, no attempt used up).
 */
export type JobOutcome = 'completed' | 'retried' | 'deferred' | 'failed';

export interface JobAttemptReport {
  queue: string;
  outcome: JobOutcome;
  durationSeconds: number;
}

/** Hears every attempt this instance runs; the metrics count them by queue and outcome. */
export type JobObserver = (report: JobAttemptReport) => void;

export interface JobQueue {
  /** Which engine runs the jobs, for logs and the README's claims. */
  readonly engine: 'pg-boss' | 'sqlite';
  /** Declares a queue and the handler that runs its jobs. Call before `start`. */
  work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Queues a job; answers its id, or null when de-duplicated by `singletonKey`. */
  send<T extends object>(name: string, data: T, options?: JobOptions): Promise<string | null>;
  /** A cron schedule (minute granularity) that queues one job per tick across all instances. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** Starts polling for due jobs (not called in tests that drive jobs by `drain`). */
  start(): Promise<void>;
  /** Stops polling and waits for running jobs to finish. */
  stop(): Promise<void>;
  /**
   * Runs every job that is due now, and those they queue, until none is left: deterministic
   * tests and the demo's first sync use it instead of waiting for the poller.
   */
  drain(): Promise<void>;
  /**
   * Adds an observer of the attempts this instance runs, by `start` or `drain`; answers a function
   * that removes it. An observer that throws is ignored: it never fails a job.
   */
  observe(observer: JobObserver): () => void;
  /**
   * Cancels a job that has not finished: queued, it never runs; running, it finishes the attempt
   * under way but is not retried. A finished or unknown job is left as it is. pg-boss names a job
   * by its queue and id, so both engines take the two.
   */
  cancel(queue: string, id: string): Promise<void>;
  /**
   * Cancels, as `cancel`, the unfinished jobs of `queue` whose key is `key` or extends it with
   * `:` (`vercel:<user>` reaches `vercel:<user>:<project>`). With `forget`, the jobs of those keys
   * are removed instead, finished ones too: account deletion leaves no job naming the user.
   */
  cancelByKey(queue: string, key: string, options?: CancelByKeyOptions): Promise<void>;
  /**
   * Jobs waiting to run (queued, waiting for a retry or for their start time), per queue declared
   * by `work`: the engine counts its own storage, so callers never read its tables.
   */
  countQueued(): Promise<Map<string, number>>;
}
