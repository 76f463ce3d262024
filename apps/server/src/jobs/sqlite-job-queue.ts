import type { Db } from '../db/database.js';
import { assertCron } from './cron-slot.js';
import type { JobEngineOptions } from './job-engine-options.js';
import {
  defaultRetryDelaySeconds,
  defaultRetryLimit,
  errorMessage,
  JobObservers,
} from './job-engine-options.js';
import type {
  CancelByKeyOptions,
  JobHandler,
  JobObserver,
  JobOptions,
  JobQueue,
  WorkOptions,
} from './job-queue.js';
import { RetryLaterError } from './job-queue.js';
import type { JobRow } from './sqlite-jobs.repository.js';
import {
  cancelJobs,
  claimJob,
  completeJob,
  countQueuedJobs,
  deferJob,
  deleteKeyedJobs,
  expireJobs,
  failJob,
  insertJob,
  purgeFinishedJobs,
} from './sqlite-jobs.repository.js';
import { takeDueTicks, upsertSchedule } from './sqlite-schedules.repository.js';

interface Worker {
  handler: JobHandler<object>;
  concurrency: number;
  running: number;
}

const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * The embedded engine: jobs live in the `jobs` table of the SQLite database and run in this
 * process. Claims are single `UPDATE … RETURNING` statements, so a second process over the same
 * file (a restart overlapping the old one) never takes a job that is already active.
 */
export class SqliteJobQueue implements JobQueue {
  readonly engine = 'sqlite' as const;
  private readonly workers = new Map<string, Worker>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly observers = new JobObservers();
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private pollAgain = false;
  private lastMaintenance = 0;
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly options: JobEngineOptions,
  ) {}

  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions) {
    this.workers.set(name, {
      handler: handler as JobHandler<object>,
      concurrency: options?.concurrency ?? this.options.concurrency,
      running: 0,
    });
    return Promise.resolve();
  }

  async send<T extends object>(name: string, data: T, options: JobOptions = {}) {
    const id = await insertJob(this.db, {
      queue: name,
      data,
      singletonKey: options.singletonKey ?? null,
      priority: options.priority ?? 0,
      retryLimit: options.retryLimit ?? defaultRetryLimit,
      retryDelaySeconds: options.retryDelaySeconds ?? defaultRetryDelaySeconds,
      runAt: Date.now() + (options.startAfterSeconds ?? 0) * 1000,
    });
    if (id && !options.startAfterSeconds) this.wake();
    return id;
  }

  async schedule(name: string, cron: string, data: object = {}) {
    assertCron(cron);
    await upsertSchedule(this.db, name, cron, data);
    this.wake();
  }

  start() {
    if (!this.started) {
      this.started = true;
      this.lastMaintenance = 0;
      this.wake();
    }
    return Promise.resolve();
  }

  async stop() {
    this.started = false;
    clearTimeout(this.timer);
    await this.polling;
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async drain() {
    for (;;) {
      await this.maintain(Date.now());
      const row = await claimJob(
        this.db,
        [...this.workers.keys()],
        Date.now(),
        this.options.expireInSeconds,
      );
      if (!row) return;
      await this.run(row);
    }
  }

  async cancel(queue: string, id: string) {
    await cancelJobs(this.db, queue, { id });
  }

  async cancelByKey(queue: string, key: string, options: CancelByKeyOptions = {}) {
    if (options.forget) await deleteKeyedJobs(this.db, queue, key);
    else await cancelJobs(this.db, queue, { key });
  }

  observe(observer: JobObserver) {
    return this.observers.add(observer);
  }

  async countQueued() {
    const counts = await countQueuedJobs(this.db, [...this.workers.keys()]);
    return new Map([...this.workers.keys()].map((name) => [name, counts.get(name) ?? 0]));
  }

  /** Polls now rather than at the next interval (a job was queued or a slot came free). */
  private wake() {
    if (!this.started) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.poll(), 0);
  }

  private poll() {
    this.pollAgain = false;
    this.polling = this.fill()
      .catch((error: unknown) => {
        this.options.logger.error({ err: error }, 'job polling failed');
      })
      .finally(() => {
        this.polling = undefined;
        if (!this.started) return;
        this.timer = setTimeout(
          () => this.poll(),
          this.pollAgain ? 0 : this.options.pollIntervalMs,
        );
      });
  }

  private async maintain(now: number) {
    this.lastMaintenance = now;
    const expired = await expireJobs(this.db, now);
    if (expired > 0) this.options.logger.warn({ expired }, 'expired jobs put back for retry');
    for (const tick of await takeDueTicks(this.db, now)) await this.send(tick.queue, tick.data);
    if (now - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = now;
      await purgeFinishedJobs(this.db, now - KEEP_FINISHED_MS);
    }
  }

  private async fill() {
    const now = Date.now();
    if (now - this.lastMaintenance >= this.options.pollIntervalMs) await this.maintain(now);
    while (this.started) {
      const free = [...this.workers]
        .filter(([, worker]) => worker.running < worker.concurrency)
        .map(([name]) => name);
      const row = await claimJob(this.db, free, Date.now(), this.options.expireInSeconds);
      if (!row) return;
      const worker = this.workers.get(row.queue);
      if (!worker) return;
      worker.running += 1;
      const run = this.run(row)
        .catch((error: unknown) => {
          this.options.logger.error({ err: error, jobId: row.id }, 'job bookkeeping failed');
        })
        .finally(() => {
          worker.running -= 1;
          this.inFlight.delete(run);
          this.wake();
        });
      this.inFlight.add(run);
    }
  }

  private async run(row: JobRow) {
    const worker = this.workers.get(row.queue);
    if (!worker || row.started_at === null) return;
    const attempt = { id: row.id, startedAt: row.started_at };
    const began = performance.now();
    try {
      await worker.handler({
        id: row.id,
        name: row.queue,
        data: JSON.parse(row.data) as object,
        retryCount: row.retry_count,
      });
      await completeJob(this.db, attempt);
      this.observers.report(row.queue, 'completed', began);
    } catch (error) {
      if (error instanceof RetryLaterError) {
        await deferJob(this.db, attempt, error.seconds);
        this.observers.report(row.queue, 'deferred', began);
        this.options.logger.info(
          { queue: row.queue, jobId: row.id, seconds: error.seconds, reason: error.message },
          'job deferred',
        );
        return;
      }
      const outcome = await failJob(this.db, attempt, errorMessage(error));
      if (outcome) {
        this.observers.report(row.queue, outcome === 'retry' ? 'retried' : 'failed', began);
      }
      this.options.logger.warn(
        { queue: row.queue, jobId: row.id, retryCount: row.retry_count, err: error },
        'job failed',
      );
    }
  }
}
