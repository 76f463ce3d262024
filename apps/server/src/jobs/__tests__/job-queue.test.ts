import { afterEach, describe, expect, it } from 'vitest';
import type { JobsConfig } from '../../config/env.js';
import { testConfig, testDialects, useTestApp } from '../../test-app.js';
import { createJobQueue } from '../create-job-queue.js';
import type { JobQueue } from '../job-queue.js';
import { RetryLaterError } from '../job-queue.js';
import { makeDue, storedJob, waitFor, waitingJobs } from './job-rows.js';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

let queueCounter = 0;
/** Queue names are unique per test, so tests sharing a database never run each other's jobs. */
function queueName(label: string): string {
  queueCounter += 1;
  return `${label}-${queueCounter}`;
}

describe.each(testDialects)('job queue on %s', (dialect) => {
  const t = useTestApp(dialect);
  const engines: JobQueue[] = [];

  function newQueue(overrides: Partial<JobsConfig> = {}): JobQueue {
    const queue = createJobQueue(t.database, { ...testConfig().jobs, ...overrides }, silent);
    engines.push(queue);
    return queue;
  }

  afterEach(async () => {
    await Promise.all(engines.splice(0).map((queue) => queue.stop()));
  });

  it('is the app context’s `jobs`, on the engine of the dialect, and runs what is sent', async () => {
    expect(t.app.jobs.engine).toBe(dialect === 'postgres' ? 'pg-boss' : 'sqlite');
    const name = queueName('wired');
    const seen: unknown[] = [];
    await t.app.jobs.work<{ n: number }>(name, (job) => {
      seen.push(job.data);
      return Promise.resolve();
    });
    expect(await t.app.jobs.send(name, { n: 1 })).toEqual(expect.any(String));
    await t.app.jobs.drain();
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('keeps one queued and one running job per key', async () => {
    const queue = newQueue();
    const name = queueName('dedup');
    const sends: (string | null)[] = [];
    const runs: string[] = [];
    await queue.work<{ label: string }>(name, async (job) => {
      runs.push(job.data.label);
      if (job.data.label === 'first') {
        // The first is running now: one more may queue behind it, and only one.
        sends.push(await queue.send(name, { label: 'second' }, { singletonKey: 'user-1' }));
        sends.push(await queue.send(name, { label: 'third' }, { singletonKey: 'user-1' }));
      }
    });

    const first = await queue.send(name, { label: 'first' }, { singletonKey: 'user-1' });
    const duplicate = await queue.send(name, { label: 'dup' }, { singletonKey: 'user-1' });
    const otherKey = await queue.send(name, { label: 'other' }, { singletonKey: 'user-2' });
    expect(first).not.toBeNull();
    expect(duplicate).toBeNull();
    expect(otherKey).not.toBeNull();

    await queue.drain();
    expect(sends[0]).not.toBeNull();
    expect(sends[1]).toBeNull();
    expect(runs.sort()).toEqual(['first', 'other', 'second']);
  });

  it('runs higher priority first, then in the order sent', async () => {
    const queue = newQueue();
    const name = queueName('priority');
    const order: string[] = [];
    await queue.work<{ label: string }>(name, (job) => {
      order.push(job.data.label);
      return Promise.resolve();
    });
    await queue.send(name, { label: 'refresh-a' });
    await queue.send(name, { label: 'first-sync' }, { priority: 10 });
    await queue.send(name, { label: 'refresh-b' });
    await queue.send(name, { label: 'middle' }, { priority: 5 });

    await queue.drain();
    expect(order).toEqual(['first-sync', 'middle', 'refresh-a', 'refresh-b']);
  });

  it('retries a failing job with a doubling delay, then records the failure', async () => {
    const queue = newQueue();
    const name = queueName('retry');
    const attempts: number[] = [];
    await queue.work(name, (job) => {
      attempts.push(job.retryCount);
      return Promise.reject(new Error(`upstream broke on attempt ${job.retryCount}`));
    });
    const id = await queue.send(name, {}, { retryLimit: 2, retryDelaySeconds: 10 });
    if (!id) throw new Error('not queued');

    const before = Date.now();
    await queue.drain();
    const afterFirst = await storedJob(t.database, id);
    expect(afterFirst.state).toBe('retry');
    // pg-boss adds up to as much again in jitter; the SQLite engine waits the base delay.
    expect(afterFirst.runAt - before).toBeGreaterThanOrEqual(10_000 - 1_000);
    expect(afterFirst.runAt - before).toBeLessThanOrEqual(20_000 + 1_000);

    await makeDue(t.database, name);
    const beforeSecond = Date.now();
    await queue.drain();
    const afterSecond = await storedJob(t.database, id);
    expect(afterSecond.state).toBe('retry');
    expect(afterSecond.runAt - beforeSecond).toBeGreaterThanOrEqual(20_000 - 1_000);
    expect(afterSecond.runAt - beforeSecond).toBeLessThanOrEqual(40_000 + 1_000);

    await makeDue(t.database, name);
    await queue.drain();
    expect(attempts).toEqual([0, 1, 2]);
    const final = await storedJob(t.database, id);
    expect(final.state).toBe('failed');
    expect(final.lastError).toContain('upstream broke on attempt 2');

    await queue.drain();
    expect(attempts).toHaveLength(3);
  });

  it('defers a job that must wait without using up an attempt', async () => {
    const queue = newQueue();
    const name = queueName('later');
    const attempts: number[] = [];
    await queue.work(name, (job) => {
      attempts.push(job.retryCount);
      if (attempts.length === 1) return Promise.reject(new RetryLaterError(120, 'rate limited'));
      return Promise.resolve();
    });
    expect(await queue.send(name, {}, { retryLimit: 0, singletonKey: 'user-9' })).not.toBeNull();

    const before = Date.now();
    await queue.drain();
    expect(attempts).toEqual([0]);
    // Still queued (so the key stays de-duplicated), not before the time asked for.
    expect(await queue.send(name, {}, { singletonKey: 'user-9' })).toBeNull();
    const [waiting, ...others] = await waitingJobs(t.database, name);
    expect(others).toEqual([]);
    expect(waiting?.runAt).toBeGreaterThanOrEqual(before + 119_000);
    expect(waiting?.runAt).toBeLessThanOrEqual(Date.now() + 121_000);

    await makeDue(t.database, name);
    await queue.drain();
    // With retryLimit 0 a counted failure would have ended the job; the deferral did not.
    expect(attempts).toEqual([0, 0]);
    expect((await storedJob(t.database, waiting?.id ?? '')).state).toBe('completed');
  });

  it('cancels a queued job by id, frees its key, and leaves a finished job as it is', async () => {
    const queue = newQueue();
    const name = queueName('cancel');
    const ran: string[] = [];
    await queue.work<{ label: string }>(name, (job) => {
      ran.push(job.data.label);
      return Promise.resolve();
    });
    const cancelled = await queue.send(name, { label: 'cancelled' }, { singletonKey: 'user-1' });
    const kept = await queue.send(name, { label: 'kept' }, { singletonKey: 'user-2' });
    if (!cancelled || !kept) throw new Error('not queued');

    await queue.cancel(name, cancelled);
    await queue.cancel(queueName('other'), kept);
    await queue.cancel(name, 'no-such-job');
    expect((await queue.countQueued()).get(name)).toBe(1);
    // The cancelled job no longer holds its key.
    expect(await queue.send(name, { label: 'again' }, { singletonKey: 'user-1' })).not.toBeNull();
    await queue.drain();
    expect(ran.sort()).toEqual(['again', 'kept']);
    expect((await storedJob(t.database, cancelled)).state).toBe('cancelled');

    await queue.cancel(name, kept);
    expect((await storedJob(t.database, kept)).state).toBe('completed');
  });

  it('cancels by key the key and the keys that extend it after a colon, and nothing else', async () => {
    const queue = newQueue();
    const name = queueName('cancel-key');
    const other = queueName('cancel-key-other');
    const ran: string[] = [];
    for (const queueOfJob of [name, other]) {
      await queue.work<{ key: string }>(queueOfJob, (job) => {
        ran.push(`${queueOfJob === name ? '' : 'other '}${job.data.key}`);
        return Promise.resolve();
      });
    }
    const keys = [
      'vercel:u1',
      'vercel:u1:p1',
      'vercel:u1:p2',
      'vercel:u10',
      'vercel:u1x',
      'Vercel:U1',
    ];
    // A key holding LIKE's wildcards must reach only itself.
    keys.push('a_b%', 'axbc', 'vercel:u2:p1');
    for (const key of keys) await queue.send(name, { key }, { singletonKey: key });
    await queue.send(other, { key: 'vercel:u1' }, { singletonKey: 'vercel:u1' });

    await queue.cancelByKey(name, 'vercel:u1');
    await queue.cancelByKey(name, 'a_b%');
    await queue.cancelByKey(name, 'nobody');
    await queue.drain();
    expect(ran.sort()).toEqual([
      'Vercel:U1',
      'axbc',
      'other vercel:u1',
      'vercel:u10',
      'vercel:u1x',
      'vercel:u2:p1',
    ]);
  });

  it('lets a running job that is cancelled finish its attempt, and never runs it again', async () => {
    const queue = newQueue();
    const name = queueName('cancel-running');
    const attempts: string[] = [];
    await queue.work<{ label: string }>(name, async (job) => {
      attempts.push(job.data.label);
      await queue.cancelByKey(name, job.data.label);
      if (job.data.label === 'fails') throw new Error('broke after the cancel');
      throw new RetryLaterError(60, 'rate limited after the cancel');
    });
    const fails = await queue.send(name, { label: 'fails' }, { singletonKey: 'fails' });
    const waits = await queue.send(name, { label: 'waits' }, { singletonKey: 'waits' });
    if (!fails || !waits) throw new Error('not queued');

    await queue.drain();
    await makeDue(t.database, name);
    await queue.drain();
    expect(attempts.sort()).toEqual(['fails', 'waits']);
    expect(await waitingJobs(t.database, name)).toEqual([]);
    expect((await storedJob(t.database, fails)).state).toBe('cancelled');
    expect((await storedJob(t.database, waits)).state).toBe('cancelled');
  });

  it('forgets a key’s jobs, finished ones too, and leaves other keys’ jobs', async () => {
    const queue = newQueue();
    const name = queueName('forget');
    await queue.work(name, () => Promise.resolve());
    const finished = await queue.send(name, {}, { singletonKey: 'user-7' });
    await queue.drain();
    const queued = await queue.send(name, {}, { singletonKey: 'user-7:project-1' });
    const kept = await queue.send(name, {}, { singletonKey: 'user-8' });
    if (!finished || !queued || !kept) throw new Error('not queued');

    await queue.cancelByKey(name, 'user-7', { forget: true });
    await expect(storedJob(t.database, finished)).rejects.toThrow();
    await expect(storedJob(t.database, queued)).rejects.toThrow();
    expect((await storedJob(t.database, kept)).state).toBe('created');
    if (dialect === 'postgres') {
      // Nor does the engine's record of ids by key keep the key.
      const records = await t.database.db
        .selectFrom('job_keys')
        .select('singleton_key')
        .where('queue', '=', name)
        .execute();
      expect(records.map((record) => record.singleton_key)).toEqual(['user-8']);
    }
  });

  it('queues one job per cron tick', async () => {
    const queue = newQueue({ pollIntervalMs: 100 });
    const name = queueName('cron');
    const seen: unknown[] = [];
    await queue.work(name, (job) => {
      seen.push(job.data);
      return Promise.resolve();
    });
    await queue.schedule(name, '* * * * *', { scope: 'due-refreshes' });
    // The wait below must stay inside one minute, or the next minute's tick is rightly queued too.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000)
      await new Promise((resolve) => setTimeout(resolve, 60_100 - intoMinute));
    await queue.start();

    await waitFor(() => seen.length > 0);
    // The worker keeps waking within the same minute, and queues nothing more for it.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await queue.stop();
    expect(seen).toEqual([{ scope: 'due-refreshes' }]);
  });

  it('rejects a malformed cron expression', async () => {
    await expect(newQueue().schedule(queueName('bad-cron'), 'every minute')).rejects.toThrow();
  });

  it('drains jobs queued by the jobs it runs, and leaves other queues alone', async () => {
    const queue = newQueue();
    const parent = queueName('parent');
    const child = queueName('child');
    const unhandled = queueName('unhandled');
    const ran: string[] = [];
    await queue.work<{ n: number }>(parent, async (job) => {
      ran.push(`parent ${job.data.n}`);
      await queue.send(child, { n: job.data.n });
    });
    await queue.work<{ n: number }>(child, (job) => {
      ran.push(`child ${job.data.n}`);
      return Promise.resolve();
    });
    await queue.send(parent, { n: 1 });
    await queue.send(parent, { n: 2 });
    const other = await queue.send(unhandled, {});
    if (!other) throw new Error('not queued');

    await queue.drain();
    expect(ran.sort()).toEqual(['child 1', 'child 2', 'parent 1', 'parent 2']);
    expect((await storedJob(t.database, other)).state).toBe('created');
  });

  it('polls once started and waits for a running job on stop', async () => {
    const queue = createJobQueue(t.database, { ...testConfig().jobs, pollIntervalMs: 100 }, silent);
    const name = queueName('polled');
    let finished = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await queue.work(name, async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 200));
      finished = true;
    });
    await queue.start();
    await queue.send(name, {});
    await running;
    await queue.stop();
    expect(finished).toBe(true);
  });
});
