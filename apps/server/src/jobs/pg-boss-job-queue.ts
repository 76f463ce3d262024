import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
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
import {
  deleteJobKeys,
  listJobIdsByKey,
  pruneJobKeys,
  recordJobKey,
} from './job-keys.repository.js';

export interface PgBossJobQueueOptions extends JobEngineOptions {
  connectionString: string;
  /** The app's database, for the engine's record of which ids pg-boss gave each key. */
  db: Db;
  /** pg-boss's own schema (its tables never mix with the app's migrations). */
  schema: string;
}

interface Worker {
  handler: JobHandler<object>;
  concurrency: number;
}

/** How long a graceful stop waits for running jobs before failing them back to the queue. */
const STOP_TIMEOUT_MS = 8_000;
/**
 * A key's record outlives its job: pg-boss drops a job never started after 14 days (its default
 * retention, which the queues keep), and one that started ends within its retries.
 */
const KEEP_JOB_KEYS_MS = 15 * 24 * 60 * 60 * 1000;
const PRUNE_JOB_KEYS_EVERY_MS = 60 * 60 * 1000;
/** pg-boss's ids are uuids, and it refuses any other text where it expects one. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * pg-boss 10 on PostgreSQL: any number of instances share the queues, claims use
 * `FOR UPDATE SKIP LOCKED`, every queue has the `stately` policy (one queued and one running job
 * per key) and cron ticks are throttled to one job across instances.
 *
 * Two pg-boss instances: a client that only sends, schedules and (in tests) drains, opened on
 * first use with no timers; and, once `start` is called, a worker that polls, runs the cron
 * monitor and expires jobs whose process died.
 */
export class PgBossJobQueue implements JobQueue {
  readonly engine = 'pg-boss' as const;
  private readonly workers = new Map<string, Worker>();
  private readonly createdQueues = new Map<string, Promise<void>>();
  private readonly observers = new JobObservers();
  /** Set by `stop`: a scrape after it must not open a client nothing would close. */
  private stopped = false;
  private client: Promise<PgBoss> | undefined;
  private worker: PgBoss | undefined;
  private lastJobKeysPrune = 0;

  constructor(private readonly options: PgBossJobQueueOptions) {}

  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions) {
    this.workers.set(name, {
      handler: handler as JobHandler<object>,
      concurrency: options?.concurrency ?? this.options.concurrency,
    });
    return Promise.resolve();
  }

  async send<T extends object>(name: string, data: T, options: JobOptions = {}) {
    const boss = await this.ready(name);
    const sendOptions: PgBoss.SendOptions = {
      priority: options.priority ?? 0,
      retryLimit: options.retryLimit ?? defaultRetryLimit,
      retryDelay: options.retryDelaySeconds ?? defaultRetryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: this.options.expireInSeconds,
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    };
    if (options.singletonKey === undefined) {
      // A stately queue treats every unkeyed job as one key (''), so an unkeyed job gets a key of
      // its own and is never taken for a duplicate; no one can cancel by it, so it is not recorded.
      return boss.send(name, data, { ...sendOptions, singletonKey: `job:${randomUUID()}` });
    }
    return this.sendKeyed(boss, name, data, options.singletonKey, sendOptions);
  }

  async cancel(queue: string, id: string) {
    if (!UUID.test(id)) return;
    const boss = await this.ready();
    await boss.cancel(queue, id);
  }

  async cancelByKey(queue: string, key: string, options: CancelByKeyOptions = {}) {
    const ids = (await listJobIdsByKey(this.options.db, queue, key)).filter((id) => UUID.test(id));
    if (ids.length === 0) return;
    const boss = await this.ready();
    if (options.forget) await boss.deleteJob(queue, ids);
    else await boss.cancel(queue, ids);
    await deleteJobKeys(this.options.db, queue, ids);
  }

  async schedule(name: string, cron: string, data: object = {}) {
    assertCron(cron);
    const boss = await this.ready(name);
    await boss.schedule(name, cron, data, { tz: 'UTC' });
  }

  async start() {
    this.stopped = false;
    if (this.worker) return;
    const worker = this.newBoss({
      supervise: true,
      schedule: true,
      ...this.timers(),
    });
    this.worker = worker;
    await worker.start();
    for (const [name, entry] of this.workers) {
      await this.createQueue(worker, name);
      for (let slot = 0; slot < entry.concurrency; slot += 1) {
        await worker.work<object>(
          name,
          {
            includeMetadata: true,
            batchSize: 1,
            pollingIntervalSeconds: Math.max(0.5, this.options.pollIntervalMs / 1000),
          },
          async (jobs) => {
            for (const job of jobs) await this.runOne(worker, entry, job);
          },
        );
      }
    }
  }

  async stop() {
    this.stopped = true;
    const worker = this.worker;
    this.worker = undefined;
    const client = this.client;
    this.client = undefined;
    // A job still running when the timeout ends is failed back to the queue for a retry.
    await worker?.stop({ graceful: true, wait: true, close: true, timeout: STOP_TIMEOUT_MS });
    if (client) await (await client).stop({ graceful: false, close: true });
  }

  async drain() {
    const boss = await this.ready();
    for (;;) {
      let ran = false;
      for (const [name, entry] of this.workers) {
        await this.createQueue(boss, name);
        const [job] = await boss.fetch<object>(name, { includeMetadata: true, batchSize: 1 });
        if (!job) continue;
        ran = true;
        try {
          await this.runOne(boss, entry, job);
          await boss.complete(name, job.id);
        } catch (error) {
          await boss.fail(name, job.id, { message: errorMessage(error) });
        }
      }
      if (!ran) return;
    }
  }

  observe(observer: JobObserver) {
    return this.observers.add(observer);
  }

  async countQueued() {
    const counts = new Map<string, number>();
    if (this.stopped) return counts;
    const boss = this.worker ?? (await this.ready());
    for (const name of this.workers.keys()) {
      // Counts the `created` and `retry` states, those before `active`.
      counts.set(name, await boss.getQueueSize(name));
    }
    return counts;
  }

  /**
   * Runs a handler. A `RetryLaterError` sends the job again to start after the wait (the same
   * key keeps it de-duplicated) and lets the current one complete, so no attempt is used up.
   */
  private async runOne(boss: PgBoss, entry: Worker, job: PgBoss.JobWithMetadata<object>) {
    const began = performance.now();
    try {
      await entry.handler({
        id: job.id,
        name: job.name,
        data: job.data,
        retryCount: job.retryCount,
      });
      this.observers.report(job.name, 'completed', began);
    } catch (error) {
      if (!(error instanceof RetryLaterError)) {
        // pg-boss's fail_jobs retries while retry_count < retry_limit, and fails the job after.
        this.observers.report(
          job.name,
          job.retryCount < job.retryLimit ? 'retried' : 'failed',
          began,
        );
        this.options.logger.warn(
          { queue: job.name, jobId: job.id, retryCount: job.retryCount, err: error },
          'job failed',
        );
        // pg-boss stores what is thrown: only a message PostgreSQL accepts.
        throw new Error(errorMessage(error));
      }
      // Cancelled (or forgotten) while it ran: it must not come back.
      const current = await boss.getJobById(job.name, job.id);
      if (current?.state !== 'active') {
        this.observers.report(job.name, 'completed', began);
        return;
      }
      const resendOptions: PgBoss.SendOptions = {
        priority: job.priority,
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelay,
        retryBackoff: job.retryBackoff,
        expireInSeconds: this.options.expireInSeconds,
        startAfter: Math.max(1, Math.ceil(error.seconds)),
      };
      if (job.singletonKey === null) await boss.send(job.name, job.data, resendOptions);
      else await this.sendKeyed(boss, job.name, job.data, job.singletonKey, resendOptions);
      this.options.logger.info(
        { queue: job.name, jobId: job.id, seconds: error.seconds, reason: error.message },
        'job deferred',
      );
      this.observers.report(job.name, 'deferred', began);
    }
  }

  /**
   * Sends with a key and records the id pg-boss will give the job, before the job exists, so a
   * crash in between leaves at worst a record of no job rather than a job no cancel can reach.
   */
  private async sendKeyed(
    boss: PgBoss,
    name: string,
    data: object,
    key: string,
    options: PgBoss.SendOptions,
  ): Promise<string | null> {
    const id = randomUUID();
    const now = Date.now();
    await recordJobKey(this.options.db, { queue: name, jobId: id, key }, now);
    const sent = await boss.send(name, data, { ...options, id, singletonKey: key });
    if (sent === null) await deleteJobKeys(this.options.db, name, [id]);
    if (now - this.lastJobKeysPrune > PRUNE_JOB_KEYS_EVERY_MS) {
      this.lastJobKeysPrune = now;
      await pruneJobKeys(this.options.db, now - KEEP_JOB_KEYS_MS);
    }
    return sent;
  }

  private timers() {
    const pollSeconds = Math.round(this.options.pollIntervalMs / 1000);
    return {
      cronMonitorIntervalSeconds: Math.min(30, Math.max(1, pollSeconds)),
      cronWorkerIntervalSeconds: Math.min(30, Math.max(1, pollSeconds)),
      // Expiry is checked a few times per expiry period, so a dead job comes back promptly.
      maintenanceIntervalSeconds: Math.min(
        120,
        Math.max(1, Math.floor(this.options.expireInSeconds / 4)),
      ),
    };
  }

  private newBoss(options: PgBoss.ConstructorOptions): PgBoss {
    const boss = new PgBoss({
      connectionString: this.options.connectionString,
      schema: this.options.schema,
      application_name: 'shipdeck-jobs',
      max: 4,
      expireInSeconds: this.options.expireInSeconds,
      retryLimit: defaultRetryLimit,
      retryDelay: defaultRetryDelaySeconds,
      retryBackoff: true,
      ...options,
    });
    boss.on('error', (error) => this.options.logger.error({ err: error }, 'pg-boss error'));
    return boss;
  }

  /** The client instance (opened on first use), with the named queue created. */
  private async ready(queue?: string): Promise<PgBoss> {
    if (!this.client) {
      const starting = this.newBoss({ supervise: false, schedule: false }).start();
      // A failed start (database down) is retried by the next call rather than remembered.
      starting.catch(() => {
        if (this.client === starting) this.client = undefined;
      });
      this.client = starting;
    }
    const boss = await this.client;
    if (queue) await this.createQueue(boss, queue);
    return boss;
  }

  private createQueue(boss: PgBoss, name: string): Promise<void> {
    let created = this.createdQueues.get(name);
    if (!created) {
      created = this.createQueueOnce(boss, name);
      void created.catch(() => this.createdQueues.delete(name));
      this.createdQueues.set(name, created);
    }
    return created;
  }

  /**
   * pg-boss's create_queue is idempotent but not safe against itself: instances starting together
   * can deadlock on it. The loser finds the queue there, or tries again.
   */
  private async createQueueOnce(boss: PgBoss, name: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await boss.createQueue(name, {
          name,
          policy: 'stately',
          retryLimit: defaultRetryLimit,
          retryDelay: defaultRetryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: this.options.expireInSeconds,
        });
        return;
      } catch (error) {
        if (await boss.getQueue(name)) return;
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }
}
