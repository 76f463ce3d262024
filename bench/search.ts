// The command palette's search (issue 28): server-side latency of GET /api/search over the
// 5,000-repository demo account, against two cheap routes measured in the same run:
// `/health` (one trivial database read) and `/auth/me` (authenticated, served from the answer
// cache), so a busy machine shows in the baseline too.
// The account is synced for real: the demo GitHub account of an emulator cut to 5,000
// repositories is connected with its token, and the emulator's demo Vercel account through the
// server's own account, and the bench waits for both first syncs. Then it asks a few hundred
// varied texts (prefixes of repository names, whole names, words of pull-request titles,
// `#number` and bare numbers, branch names, SHA prefixes, texts with LIKE wildcards, texts that
// match nothing), each `--rounds` times, one at a time through `app.inject` (the server's own time:
// routing, authentication, validation, SQL and serialisation, no socket). The job queue is stopped
// once the first syncs and the jobs they queued are done, so no sync in this process is timed with
// a request.
// Run: npx tsx --conditions=@shipdeck/source bench/search.ts [--db sqlite|postgres|both]
//   [--repos 5000] [--rounds 2] [--queries 300] [--keep]
// `--keep` leaves the synced SQLite file or PostgreSQL schema (printed) for EXPLAIN.
// PostgreSQL: a throw-away schema on postgres://postgres@127.0.0.1:5432/test (or
// BENCH_POSTGRES_URL), dropped at the end. Prints the figures and writes bench/results/search.json.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startEmulator, type EmulatorHandle } from '@shipdeck/emulator/start-emulator';
import type { SearchResponse } from '@shipdeck/shared/search';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    repos: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '2' },
    queries: { type: 'string', default: '300' },
    keep: { type: 'boolean', default: false },
  },
});
type Dialect = 'sqlite' | 'postgres';
const dialects: Dialect[] =
  values.db === 'both' ? ['sqlite', 'postgres'] : values.db === 'postgres' ? ['postgres'] : [];
if (values.db === 'sqlite') dialects.push('sqlite');
if (dialects.length === 0) throw new Error('--db must be sqlite, postgres or both');
const repoCount = Number(values.repos);
const rounds = Number(values.rounds);
const queryCount = Number(values.queries);
const TARGET_P99_MS = 30;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const round1 = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    requests: samples.length,
    p50Ms: round1(at(0.5)),
    p90Ms: round1(at(0.9)),
    p99Ms: round1(at(0.99)),
    maxMs: round1(at(1)),
  };
}

async function openDatabase(
  dialect: Dialect,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const filename = join(mkdtempSync(join(tmpdir(), 'shipdeck-bench-search-')), 'bench.db');
    const handle = createDatabase({ dialect: 'sqlite', filename });
    if (values.keep) console.log(`SQLite file: ${filename}`);
    return { handle, drop: () => handle.destroy() };
  }
  const schema = `bench_search_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = createDatabase({ dialect: 'postgres', connectionString: POSTGRES_URL, schema });
  if (values.keep) console.log(`PostgreSQL schema: ${schema}`);
  return {
    handle,
    drop: async () => {
      await handle.destroy();
      if (values.keep) return;
      const cleaner = new pg.Client({ connectionString: POSTGRES_URL });
      await cleaner.connect();
      await cleaner.query(`drop schema ${schema} cascade`);
      await cleaner.end();
    },
  };
}

async function call<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  payload?: object,
): Promise<T> {
  const response = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (response.statusCode >= 300) throw new Error(`${url} answered ${response.statusCode}`);
  return response.json<{ data: T }>().data;
}

interface SyncAnswer {
  syncedAt: string | null;
  sync: { phase: string | null };
}

async function waitForSync(app: FastifyInstance, url: string, token: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const status = await call<SyncAnswer>(app, 'GET', url, token);
    if (status.syncedAt !== null && status.sync.phase === null) {
      return round1((performance.now() - started) / 1000);
    }
    if (performance.now() - started > 300_000) throw new Error(`${url}: no sync in 5 minutes`);
    await sleep(200);
  }
}

/** Varied texts from what the account holds, in a fixed order (no randomness between runs). */
async function queriesFor(handle: DatabaseHandle, userId: string): Promise<string[]> {
  const db = handle.db;
  const repositories = await db
    .selectFrom('github_repository_access as a')
    .innerJoin('github_repositories as r', 'r.id', 'a.repository_id')
    .where('a.user_id', '=', userId)
    .select(['r.name', 'r.full_name'])
    .orderBy('r.id')
    .execute();
  const pulls = await db
    .selectFrom('github_pull_requests')
    .select(['number', 'title'])
    .orderBy('id')
    .limit(400)
    .execute();
  const deployments = await db
    .selectFrom('vercel_deployments')
    .where('user_id', '=', userId)
    .select(['name', 'branch', 'commit_sha'])
    .orderBy('id')
    .execute();
  const every = <T>(list: T[], count: number) =>
    list.filter((_, index) => index % Math.max(1, Math.floor(list.length / count)) === 0);
  const texts = new Set<string>();
  for (const repo of every(repositories, 40)) {
    texts.add(repo.name.slice(0, 1));
    texts.add(repo.name.slice(0, 3));
    texts.add(repo.name);
    texts.add(repo.full_name);
    texts.add(repo.name.slice(1, 5).toUpperCase());
  }
  for (const pull of every(pulls, 40)) {
    texts.add(`#${pull.number}`);
    texts.add(String(pull.number));
    const word = pull.title.split(/\s+/).find((w) => w.length > 3);
    if (word) texts.add(word.toLowerCase());
  }
  for (const deployment of every(deployments, 30)) {
    if (deployment.branch) texts.add(deployment.branch);
    if (deployment.commit_sha) texts.add(deployment.commit_sha.slice(0, 7));
    texts.add(deployment.name.slice(0, 4));
  }
  for (const text of ['%', '_', '50%', 'a_b', '\\', 'zzzz-no-such-thing', 'qwxy', 'e', 'ee']) {
    texts.add(text);
  }
  return [...texts].filter((text) => text.trim().length > 0).slice(0, queryCount);
}

async function measure(dialect: Dialect, emulator: EmulatorHandle) {
  const database = await openDatabase(dialect);
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      // The database is the handle opened above; the config's own is never opened.
      DATABASE_URL: ':memory:',
      WEB_DIST_DIR: '/nonexistent',
    }),
    encryptionKey: randomBytes(32),
    github: { apiUrl: emulator.githubApiUrl, webUrl: emulator.webUrl, oauth: null },
    vercel: {
      apiUrl: emulator.vercelApiUrl,
      serverToken: emulator.demo.vercelToken,
      serverTeamId: null,
    },
  };
  const app = await buildApp({ config, database: database.handle });
  // The syncs are background jobs, as in the server's own process (main.ts).
  await app.jobs.start();
  try {
    const account = {
      username: 'benchsearch',
      email: 'bench-search@example.com',
      password: 'correct horse battery staple',
    };
    await call(app, 'POST', '/auth/signup', null, account);
    const { token, user } = await call<{ token: string; user: { id: string } }>(
      app,
      'POST',
      '/auth/login',
      null,
      { email: account.email, password: account.password },
    );
    await call(app, 'PUT', '/auth/github', token, { token: emulator.demo.githubToken });
    const githubSyncSeconds = await waitForSync(app, '/api/github/sync', token);
    await call(app, 'PUT', '/auth/vercel', token, { useServerAccount: true });
    const vercelSyncSeconds = await waitForSync(app, '/api/vercel/sync', token);
    // Ship status and whatever else the first syncs queued run to the end, then the queue stops:
    // a job running in this process meanwhile would be timed as the route's own cost.
    await app.jobs.stop();
    const drainStarted = performance.now();
    await app.jobs.drain();
    const drainSeconds = round1((performance.now() - drainStarted) / 1000);

    const repositories = (
      await call<{ pagination: { total: number } }>(
        app,
        'GET',
        '/api/github/repos?perPage=1',
        token,
      )
    ).pagination.total;
    const texts = await queriesFor(database.handle, user.id);
    const headers = { authorization: `Bearer ${token}` };
    const timed = async (url: string, auth: boolean) => {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, ...(auth ? { headers } : {}) });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      return { ms, body: response.body };
    };
    // Warm-up: the first requests compile statements and fill the session cache.
    for (const text of texts.slice(0, 20)) {
      await timed(`/api/search?q=${encodeURIComponent(text)}`, true);
    }
    await timed('/health', false);
    await timed('/auth/me', true);

    const search: number[] = [];
    const health: number[] = [];
    const me: number[] = [];
    let results = 0;
    let empty = 0;
    const slowest: { q: string; ms: number }[] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const text of texts) {
        // Interleaved, so the baseline meets the same moments of the machine.
        const answer = await timed(`/api/search?q=${encodeURIComponent(text)}`, true);
        search.push(answer.ms);
        slowest.push({ q: text, ms: round1(answer.ms) });
        if (round === 0) {
          const count = (JSON.parse(answer.body) as { data: SearchResponse }).data.results.length;
          results += count;
          if (count === 0) empty += 1;
        }
        health.push((await timed('/health', false)).ms);
        me.push((await timed('/auth/me', true)).ms);
      }
    }
    const searchSummary = summary(search);
    return {
      dialect,
      repositories,
      githubSyncSeconds,
      vercelSyncSeconds,
      drainSeconds,
      distinctQueries: texts.length,
      meanResults: round1(results / texts.length),
      queriesWithoutResults: empty,
      search: searchSummary,
      baselineHealth: summary(health),
      baselineMe: summary(me),
      slowest: slowest.sort((a, b) => b.ms - a.ms).slice(0, 5),
      verdict: searchSummary.p99Ms < TARGET_P99_MS ? 'p99 under 30 ms' : 'p99 MISSED 30 ms',
    };
  } finally {
    await app.close();
    await database.drop();
  }
}

function print(run: Awaited<ReturnType<typeof measure>>): void {
  console.log(
    `\n${run.dialect}: ${run.repositories} repositories (GitHub sync ${run.githubSyncSeconds} s, ` +
      `Vercel ${run.vercelSyncSeconds} s, then queued jobs ${run.drainSeconds} s), ${run.distinctQueries} texts × ${rounds}, ` +
      `${run.meanResults} results on average, ${run.queriesWithoutResults} texts without any`,
  );
  console.table({
    'GET /api/search': run.search,
    'GET /health (baseline)': run.baselineHealth,
    'GET /auth/me (baseline)': run.baselineMe,
  });
  console.log(`slowest: ${run.slowest.map((s) => `${JSON.stringify(s.q)} ${s.ms} ms`).join(', ')}`);
  console.log(`verdict: ${run.verdict}`);
}

const emulator = await startEmulator({ repos: repoCount, rateLimits: false });
const runs = [];
try {
  for (const dialect of dialects) {
    const run = await measure(dialect, emulator);
    print(run);
    runs.push(run);
  }
} finally {
  await emulator.close();
}

const result = {
  benchmark: 'search',
  at: new Date().toISOString(),
  node: process.version,
  loadAverage: loadavg().map(round1),
  rounds,
  targetP99Ms: TARGET_P99_MS,
  runs,
};
const out = join(dirname(fileURLToPath(import.meta.url)), 'results', 'search.json');
await mkdir(dirname(out), { recursive: true });
await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`written to ${out}`);
