// Issue 33: a large, busy account's first GitHub sync, end to end. The built server in its own
// process against the emulator's default large world (not the cut one bench/store.ts uses), at
// 50 ms emulated latency: when the repositories are usable, when the sync has settled (synced,
// nothing left to do, no wait pending), how many GitHub requests it made (by endpoint, 304s
// apart; the inbox poll apart), how it waited for GitHub's limits, and the server's peak memory.
//
//   npm run build -w @shipdeck/server   (or npm run build)
//   npx tsx --conditions=@shipdeck/source bench/first-sync.ts [--repos 5000] [--latency 50]
//     [--db sqlite|postgres] [--timeout 600]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startEmulator, type EmulatorHandle } from '@shipdeck/emulator/start-emulator';
import Database from 'better-sqlite3';
import pg from 'pg';
import { freePort } from '../e2e/support/start-server.js';
import { spawnBuiltServer, waitForHealth } from './support/built-server.js';

const { values } = parseArgs({
  options: {
    repos: { type: 'string', default: '5000' },
    latency: { type: 'string', default: '50' },
    db: { type: 'string', default: 'sqlite' },
    timeout: { type: 'string', default: '600' },
  },
});
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function api<T>(origin: string, path: string, token: string | null, init: RequestInit = {}) {
  const response = await fetch(`${origin}${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

interface SyncAnswer {
  syncedAt: string | null;
  sync: {
    phase: string | null;
    done: number | null;
    total: number | null;
    lastError: string | null;
    waiting?: { limit: string; until: string } | null;
  };
}

/** The server's peak resident memory so far (Linux: VmHWM), in MB. */
function peakRssMb(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

function endpointOf(url: string): string {
  const path = (url.split('?')[0] ?? url).replace(/^\/api\/v3/, '');
  const repo = /^\/repos\/[^/]+\/[^/]+(\/.*)?$/.exec(path);
  return (repo ? `/repos/:owner/:repo${repo[1] ?? ''}` : path).replace(/\/\d+/g, '/:n');
}

const isInboxPoll = (url: string) => /\/notifications(\?|$)/.test(url);

async function databaseFor(db: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (db === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'shipdeck-first-sync-'));
    return {
      url: join(dir, 'shipdeck.db'),
      drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    };
  }
  const name = `bench_first_sync_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}

/**
 * The hourly full refresh of the now unchanged account (SQLite only: the bench moves the last
 * full refresh an hour back and the account's due time into the past in the server's file, and
 * the per-minute cron queues it): its GitHub requests, and how many of them were not 304s.
 */
async function measureFullRefresh(
  origin: string,
  token: string,
  file: string,
  emulator: EmulatorHandle,
) {
  const before = (await api<SyncAnswer>(origin, '/api/github/sync', token)).syncedAt;
  const db = new Database(file);
  db.prepare(
    `update sync_state set last_success_at = '2000-01-01T00:00:00.000Z'
     where provider = 'github' and resource = 'full-refresh'`,
  ).run();
  db.prepare(
    `update sync_state set next_due_at = '2000-01-01T00:00:00.000Z'
     where provider = 'github' and resource = 'account'`,
  ).run();
  db.close();
  const since = emulator.requestLog.list().at(-1)?.id ?? 0;
  const started = performance.now();
  let done = false;
  while (!done && performance.now() - started < 180_000) {
    await sleep(500);
    const status = await api<SyncAnswer>(origin, '/api/github/sync', token);
    done = status.syncedAt !== before && status.sync.phase === null && !status.sync.waiting;
  }
  const entries = emulator.requestLog
    .list({ sinceId: since })
    .filter((entry) => entry.area === 'github' && !isInboxPoll(entry.url));
  const withBody = entries.filter((entry) => !entry.notModified);
  return {
    finished: done,
    requests: entries.length,
    notModified: entries.length - withBody.length,
    notNotModified: withBody.map((entry) => `${entry.method} ${endpointOf(entry.url)}`),
  };
}

async function main() {
  const repos = Number(values.repos);
  const latencyMs = Number(values.latency);
  const emulator: EmulatorHandle = await startEmulator({
    repos,
    requestLogSize: 200_000,
    faults: { latencyMs },
  });
  const database = await databaseFor(values.db);
  const server = spawnBuiltServer({
    entry: join(root, 'apps/server/dist/main.js'),
    port: await freePort(),
    emulator,
    env: { DATABASE_URL: database.url, DEMO_MODE: 'false' },
  });
  try {
    await waitForHealth(server);
    const origin = server.origin;
    const account = { email: 'bench@example.com', password: 'correct horse battery staple' };
    await api(origin, '/auth/signup', null, {
      method: 'POST',
      body: JSON.stringify({ username: 'benchuser', ...account }),
    });
    const { token } = await api<{ token: string }>(origin, '/auth/login', null, {
      method: 'POST',
      body: JSON.stringify(account),
    });
    const since = emulator.requestLog.list().at(-1)?.id ?? 0;
    const started = performance.now();
    await api(origin, '/auth/github', token, {
      method: 'PUT',
      body: JSON.stringify({ token: emulator.demo.githubToken }),
    });
    const waits = new Map<string, string>();
    let repositoriesUsableMs: number | null = null;
    let settledMs: number | null = null;
    let lastError: string | null = null;
    let repositories = 0;
    let phaseLog = '';
    while (performance.now() - started < Number(values.timeout) * 1000) {
      const status = await api<SyncAnswer>(origin, '/api/github/sync', token);
      const list = await api<{ pagination: { total: number } }>(
        origin,
        '/api/github/repos?perPage=1',
        token,
      );
      repositories = list.pagination.total;
      lastError = status.sync.lastError;
      if (status.sync.waiting) {
        waits.set(status.sync.waiting.until, status.sync.waiting.limit);
      }
      const phase = `${status.sync.phase ?? 'idle'}${status.sync.waiting ? ` (waiting for ${status.sync.waiting.limit})` : ''}`;
      if (phase !== phaseLog) {
        phaseLog = phase;
        console.log(`${((performance.now() - started) / 1000).toFixed(1)} s  ${phase}`);
      }
      // Usable: the repository list is complete (the first sync lists every one before the
      // rest), i.e. the sync has moved past it.
      const pastRepositories =
        status.syncedAt !== null ||
        (status.sync.phase !== null && !['queued', 'repositories'].includes(status.sync.phase));
      if (repositoriesUsableMs === null && pastRepositories) {
        repositoriesUsableMs = performance.now() - started;
      }
      if (status.syncedAt && status.sync.phase === null && !status.sync.waiting) {
        settledMs = performance.now() - started;
        break;
      }
      await sleep(200);
    }
    const entries = emulator.requestLog
      .list({ sinceId: since })
      .filter((entry) => entry.area === 'github' && !isInboxPoll(entry.url));
    const byEndpoint: Record<string, { requests: number; notModified: number; refused: number }> =
      {};
    for (const entry of entries) {
      const row = (byEndpoint[endpointOf(entry.url)] ??= {
        requests: 0,
        notModified: 0,
        refused: 0,
      });
      row.requests += 1;
      if (entry.notModified) row.notModified += 1;
      if (entry.status === 403 || entry.status === 429) row.refused += 1;
    }
    const result = {
      db: values.db,
      repositoriesInWorld: repos,
      repositoriesListed: repositories,
      latencyMs,
      repositoriesUsableSeconds:
        repositoriesUsableMs === null ? null : Math.round(repositoriesUsableMs / 100) / 10,
      settledSeconds: settledMs === null ? null : Math.round(settledMs / 100) / 10,
      githubRequests: entries.length,
      notModified: entries.filter((entry) => entry.notModified).length,
      refusedByGithub: entries.filter((entry) => entry.status === 403 || entry.status === 429)
        .length,
      waits: [...waits].map(([until, limit]) => ({ limit, until })),
      lastError,
      serverPeakRssMb: peakRssMb(server.child.pid),
      // These 2-core machines are shared: the load says how far the times can be trusted.
      loadAverage: loadavg().map((load) => Math.round(load * 10) / 10),
      byEndpoint,
    };
    console.log(JSON.stringify(result, null, 2));
    if (values.db === 'sqlite') {
      const fullRefresh = await measureFullRefresh(origin, token, database.url, emulator);
      console.log(JSON.stringify({ fullRefresh }, null, 2));
      Object.assign(result, { fullRefresh });
    }
    await mkdir(join(root, 'bench/results'), { recursive: true });
    await writeFile(
      join(root, `bench/results/first-sync-${values.db}-${repos}.json`),
      JSON.stringify(result, null, 2),
    );
  } finally {
    server.child.kill('SIGTERM');
    await sleep(500);
    await database.drop();
    await emulator.close();
  }
}

await main();
