import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';

/** What the tests read of a stored job, the same for both engines. */
export interface StoredJob {
  id: string;
  state: string;
  runAt: number;
  lastError: string | null;
}

interface PgBossRow {
  id: string;
  state: string;
  start_after: Date;
  output: { message?: string } | null;
}

function pgBossJobs(database: DatabaseHandle) {
  if (database.config.dialect !== 'postgres') throw new Error('not PostgreSQL');
  // pg-boss lives beside the app's tables in a test schema (see create-job-queue.ts).
  return sql.id(database.config.schema ?? 'pgboss', 'job');
}

function fromPgBoss(row: PgBossRow): StoredJob {
  return {
    id: row.id,
    state: row.state,
    runAt: row.start_after.getTime(),
    lastError: row.state === 'failed' ? (row.output?.message ?? JSON.stringify(row.output)) : null,
  };
}

/** Reads a job straight from the engine's table, to check what the engine recorded. */
export async function storedJob(database: DatabaseHandle, id: string): Promise<StoredJob> {
  if (database.dialect === 'postgres') {
    const { rows } = await sql<PgBossRow>`
      select id, state, start_after, output from ${pgBossJobs(database)} where id = ${id}
    `.execute(database.db);
    if (!rows[0]) throw new Error(`no job ${id}`);
    return fromPgBoss(rows[0]);
  }
  const row = await database.db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id: row.id, state: row.state, runAt: Date.parse(row.run_at), lastError: row.last_error };
}

/** The jobs of a queue waiting to run (queued or waiting for a retry). */
export async function waitingJobs(database: DatabaseHandle, queue: string): Promise<StoredJob[]> {
  if (database.dialect === 'postgres') {
    const { rows } = await sql<PgBossRow>`
      select id, state, start_after, output from ${pgBossJobs(database)}
      where name = ${queue} and state in ('created', 'retry')
    `.execute(database.db);
    return rows.map(fromPgBoss);
  }
  const rows = await database.db
    .selectFrom('jobs')
    .selectAll()
    .where('queue', '=', queue)
    .where('state', 'in', ['created', 'retry'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    state: row.state,
    runAt: Date.parse(row.run_at),
    lastError: row.last_error,
  }));
}

/** Moves the start of a queue's waiting jobs to now: the tests' stand-in for waiting it out. */
export async function makeDue(database: DatabaseHandle, queue: string): Promise<void> {
  if (database.dialect === 'postgres') {
    await sql`
      update ${pgBossJobs(database)} set start_after = now() - interval '1 second'
      where name = ${queue} and state in ('created', 'retry')
    `.execute(database.db);
    return;
  }
  await database.db
    .updateTable('jobs')
    .set({ run_at: new Date().toISOString() })
    .where('queue', '=', queue)
    .where('state', 'in', ['created', 'retry'])
    .execute();
}

/** Waits until `done()` holds, polling; fails after `timeoutMs`. */
export async function waitFor(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
