import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { createDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { TestDialect } from '../../test-app.js';
import { testConfig, testDialects } from '../../test-app.js';
import { createJobQueue } from '../create-job-queue.js';
import type { JobQueue } from '../job-queue.js';
import type { JobEvent, WorkerJobData } from './test-job-worker.js';
import { storedJob, waitFor } from './job-rows.js';

const workerScript = fileURLToPath(new URL('./test-job-worker.ts', import.meta.url));
const postgresUrl = process.env.TEST_DATABASE_URL;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** One database shared by the test and its worker processes, and the file they report to. */
interface Setup {
  env: Record<string, string>;
  handle: DatabaseHandle;
  queue: JobQueue;
  events: () => JobEvent[];
  cleanup: () => Promise<void>;
}

async function setUp(dialect: TestDialect): Promise<Setup> {
  const dir = mkdtempSync(join(tmpdir(), 'shipdeck-jobs-'));
  const eventsFile = join(dir, 'events.jsonl');
  let env: Record<string, string>;
  let handle: DatabaseHandle;
  let dropSchema = async () => {};
  if (dialect === 'sqlite') {
    const filename = join(dir, 'jobs.db');
    handle = createDatabase({ dialect: 'sqlite', filename });
    await migrateToLatest(handle.db);
    env = { JOB_DATABASE: filename };
  } else {
    if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `jobs_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    handle = createDatabase({ dialect: 'postgres', connectionString: postgresUrl, schema });
    env = { JOB_DATABASE: postgresUrl, JOB_SCHEMA: schema };
    dropSchema = async () => {
      const cleaner = new pg.Client({ connectionString: postgresUrl });
      await cleaner.connect();
      await cleaner.query(`drop schema ${schema} cascade`);
      await cleaner.end();
    };
  }
  // The sender sets a pg-boss job's expiry: the same 2 s as the workers (test-job-worker.ts).
  const queue = createJobQueue(handle, { ...testConfig().jobs, expireInSeconds: 2 }, silent);
  return {
    env: { ...env, JOB_EVENTS_FILE: eventsFile },
    handle,
    queue,
    events: () =>
      existsSync(eventsFile)
        ? readFileSync(eventsFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as JobEvent)
        : [],
    cleanup: async () => {
      await queue.stop();
      await handle.destroy();
      await dropSchema();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const children = new Set<ChildProcess>();

/** Starts a worker process and resolves once it polls. */
async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@shipdeck/source', workerScript],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}): ${stderr}`)));
  });
  return child;
}

async function stopWorker(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

afterEach(async () => {
  await Promise.all([...children].map((child) => stopWorker(child, 'SIGKILL')));
});

describe.each(testDialects)('job processes on %s', (dialect) => {
  it('finishes a job exactly once after its worker is killed mid-job and another starts', async () => {
    const setup = await setUp(dialect);
    try {
      const first = await startWorker(setup.env);
      const data: WorkerJobData = { n: 1, runMs: 100, firstAttemptMs: 60_000 };
      const id = await setup.queue.send('work', data, { retryDelaySeconds: 0 });
      if (!id) throw new Error('not queued');
      await waitFor(() => setup.events().some((e) => e.id === id && e.event === 'start'));

      await stopWorker(first, 'SIGKILL');
      const second = await startWorker(setup.env);
      // Expiry is 2 s in the worker; the dead attempt comes back and the new process runs it.
      await waitFor(() => setup.events().some((e) => e.id === id && e.event === 'end'), 20_000);
      await stopWorker(second, 'SIGTERM');

      const mine = setup.events().filter((e) => e.id === id);
      expect(mine.map((e) => [e.event, e.pid])).toEqual([
        ['start', first.pid],
        ['start', second.pid],
        ['end', second.pid],
      ]);
      expect((await storedJob(setup.handle, id)).state).toBe('completed');
    } finally {
      await setup.cleanup();
    }
  }, 60_000);
});

describe.runIf(testDialects.includes('postgres'))('two job processes over one PostgreSQL', () => {
  it('never run one job twice, and share the work', async () => {
    const setup = await setUp('postgres');
    try {
      const env = { ...setup.env, JOB_CONCURRENCY: '2' };
      const workers = await Promise.all([startWorker(env), startWorker(env)]);
      const ids: string[] = [];
      for (let n = 0; n < 12; n += 1) {
        const id = await setup.queue.send('work', { n, runMs: 100 } satisfies WorkerJobData);
        if (id) ids.push(id);
      }
      expect(ids).toHaveLength(12);
      await waitFor(() => setup.events().filter((e) => e.event === 'end').length >= 12, 30_000);
      // A moment more, in which a job run twice would show a second start.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await Promise.all(workers.map((worker) => stopWorker(worker, 'SIGTERM')));

      const starts = setup.events().filter((e) => e.event === 'start');
      expect(starts.map((e) => e.id).sort()).toEqual([...ids].sort());
      expect(new Set(starts.map((e) => e.pid))).toEqual(new Set(workers.map((w) => w.pid)));
    } finally {
      await setup.cleanup();
    }
  }, 60_000);

  it('queue one job per cron tick although both wake for it', async () => {
    const setup = await setUp('postgres');
    try {
      const env = { ...setup.env, JOB_CRON: '* * * * *' };
      const from = Date.now();
      const workers = await Promise.all([startWorker(env), startWorker(env)]);
      await waitFor(() => setup.events().some((e) => e.event === 'tick'), 15_000);
      // Both keep checking the schedule every second; none may queue the tick again.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await Promise.all(workers.map((worker) => stopWorker(worker, 'SIGTERM')));
      const to = Date.now();

      const ticks = setup.events().filter((e) => e.event === 'tick');
      // A minute boundary inside the window is a new tick, which may rightly fire once more.
      const boundaries = Math.floor(to / 60_000) - Math.floor(from / 60_000);
      expect(ticks.length).toBeGreaterThanOrEqual(1);
      expect(ticks.length).toBeLessThanOrEqual(1 + boundaries);
    } finally {
      await setup.cleanup();
    }
  }, 60_000);
});
