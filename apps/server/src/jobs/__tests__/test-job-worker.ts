/**
 * A worker process for the process-level job tests: opens the database named by the
 * environment, runs the `work` queue (and the `tick` cron queue) and appends one JSON line per
 * job start and end to JOB_EVENTS_FILE, so a test can kill it, restart it, run two of it, and
 * read what ran where.
 */
import { appendFileSync } from 'node:fs';
import type { DatabaseConfig } from '../../config/env.js';
import { createDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createJobQueue } from '../create-job-queue.js';

export interface WorkerJobData {
  n: number;
  /** How long each attempt takes; the first attempt takes `firstAttemptMs` when given. */
  runMs: number;
  firstAttemptMs?: number;
}

export interface JobEvent {
  event: 'start' | 'end' | 'tick';
  id: string;
  n: number;
  retryCount: number;
  pid: number;
  at: number;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const eventsFile = required('JOB_EVENTS_FILE');
const url = required('JOB_DATABASE');
const config: DatabaseConfig = url.startsWith('postgres')
  ? { dialect: 'postgres', connectionString: url, schema: required('JOB_SCHEMA') }
  : { dialect: 'sqlite', filename: url };

function record(event: Omit<JobEvent, 'pid' | 'at'>): void {
  appendFileSync(eventsFile, `${JSON.stringify({ ...event, pid: process.pid, at: Date.now() })}\n`);
}

const database = createDatabase(config);
if (config.dialect === 'sqlite') await migrateToLatest(database.db);
const log = (object: object, message: string) =>
  process.stderr.write(`${JSON.stringify({ ...object, message })}\n`);
const jobs = createJobQueue(
  database,
  {
    worker: true,
    pollIntervalMs: Number(process.env.JOB_POLL_INTERVAL_MS ?? 200),
    concurrency: Number(process.env.JOB_CONCURRENCY ?? 1),
    expireInSeconds: Number(process.env.JOB_EXPIRE_SECONDS ?? 2),
  },
  { info: log, warn: log, error: log },
);

await jobs.work<WorkerJobData>('work', async (job) => {
  const base = { id: job.id, n: job.data.n, retryCount: job.retryCount };
  record({ event: 'start', ...base });
  const ms = job.retryCount === 0 ? (job.data.firstAttemptMs ?? job.data.runMs) : job.data.runMs;
  await new Promise((resolve) => setTimeout(resolve, ms));
  record({ event: 'end', ...base });
});
await jobs.work('tick', (job) => {
  record({ event: 'tick', id: job.id, n: 0, retryCount: job.retryCount });
  return Promise.resolve();
});
if (process.env.JOB_CRON) await jobs.schedule('tick', process.env.JOB_CRON);
await jobs.start();
process.stdout.write('ready\n');

process.once('SIGTERM', () => {
  void jobs
    .stop()
    .then(() => database.destroy())
    .then(() => process.exit(0));
});
