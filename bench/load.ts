// Load and memory of the built server: 500 concurrent keep-alive connections for 60 s across the
// main read routes (zero errors expected, p50/p99 reported), then the server's resident memory
// after 100,000 more requests and again after a second 100,000 (100 connections), against the
// idle baseline measured in the same run. Requests are sent by bench/support/closed-loop-load.ts
// (Node's own HTTP client; it says there why not autocannon). The server runs as its
// own process (apps/server/dist/main.js) against an emulated GitHub account with 5,000
// repositories, so its memory is Shipdeck's alone.
// Run: npm run build -w packages/shared -w packages/emulator -w apps/server
//      npx tsx --conditions=@shipdeck/source bench/load.ts [--connections 500] [--seconds 60]
//        [--requests 100000] [--memory-connections 100] [--timeout 30] [--repos 5000]
//        [--server-log-level info]
// Prints the figures and writes bench/results/load.json.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startEmulator } from '@shipdeck/emulator/start-emulator';
import type { LoadResult } from './support/closed-loop-load.js';
import { closedLoopLoadInWorker } from './support/closed-loop-load.js';
import { freePort } from '../e2e/support/start-server.js';
import { spawnBuiltServer, waitForHealth } from './support/built-server.js';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '60' },
    requests: { type: 'string', default: '100000' },
    'memory-connections': { type: 'string', default: '100' },
    // Seconds before a request counts as failed.
    timeout: { type: 'string', default: '30' },
    repos: { type: 'string', default: '5000' },
    // `info` logs every request with its response time (stdout), to find what is slow.
    'server-log-level': { type: 'string', default: 'warn' },
    // Node flags for the server, e.g. `--server-node-flags="--heapsnapshot-signal=SIGUSR2"`.
    'server-node-flags': { type: 'string', default: '' },
  },
});
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const requestsPerPhase = Number(values.requests);
const memoryConnections = Number(values['memory-connections']);
const timeoutSeconds = Number(values.timeout);
const repoCount = Number(values.repos);

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = join(root, 'apps/server/dist/main.js');
if (!existsSync(serverEntry)) {
  throw new Error(
    'Build the server first: npm run build -w packages/shared -w packages/emulator -w apps/server',
  );
}

const emulator = await startEmulator({ repos: repoCount, rateLimits: false });
const server = spawnBuiltServer({
  entry: serverEntry,
  port: await freePort(),
  emulator,
  logLevel: values['server-log-level'],
  nodeFlags: values['server-node-flags'].split(' ').filter(Boolean),
  env: {
    DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'shipdeck-load-')), 'shipdeck.db'),
    WEB_DIST_DIR: '/nonexistent',
  },
});
const { origin } = server;
const serverPid = server.child.pid ?? 0;

/** The server process's resident set, from the kernel (Linux). */
function residentMb(): number {
  const status = readFileSync(`/proc/${serverPid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/**
 * An account connected to the emulated GitHub with the demo account's token, once its initial
 * sync into the store has finished; returns the bearer token.
 */
async function signIn(): Promise<string> {
  const account = { email: 'load@example.com', password: 'correct horse battery staple' };
  const call = async (path: string, init: RequestInit, token?: string) => {
    const response = await fetch(`${origin}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };
  await call('/auth/signup', {
    method: 'POST',
    body: JSON.stringify({ username: 'loaduser', ...account }),
  });
  const { token } = await call('/auth/login', { method: 'POST', body: JSON.stringify(account) });
  if (typeof token !== 'string') throw new Error('login answered no token');
  await call(
    '/auth/github',
    { method: 'PUT', body: JSON.stringify({ token: emulator.demo.githubToken }) },
    token,
  );
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const status = await call('/api/github/sync', { method: 'GET' }, token);
    const sync = status.sync as { phase: string | null } | undefined;
    if (status.syncedAt && sync?.phase === null) return token;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the initial sync did not finish in 5 minutes');
}

const routes = [
  '/api/github/repos',
  '/api/github/repos?perPage=50&sort=stars&filter=public&q=a',
  '/api/github/repos/octocat/shipdeck',
  '/api/github/repos/octocat/shipdeck/commits',
  '/api/github/repos/octocat/shipdeck/pulls',
  '/api/github/repos/octocat/shipdeck/branches',
  '/api/github/repos/octocat/shipdeck/languages',
  '/api/github/pull-requests',
  '/api/github/stats',
  '/auth/me',
  '/health',
];

/** Warm-up requests, one at a time. */
async function get(path: string, token: string): Promise<number> {
  const response = await fetch(`${origin}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  return response.status;
}

/** One phase of load: every connection cycles through the routes, one request at a time. */
function phase(
  token: string,
  limit: { connections: number; seconds?: number; requests?: number },
): Promise<LoadResult> {
  return closedLoopLoadInWorker({
    origin,
    paths: routes,
    headers: { authorization: `Bearer ${token}` },
    timeoutMs: timeoutSeconds * 1000,
    ...limit,
  });
}

try {
  await waitForHealth(server);
  const token = await signIn();
  // Warm-up: every route once (details not synced, like branches, fill the conditional cache).
  for (const path of routes) {
    const status = await get(path, token);
    if (status !== 200) throw new Error(`${path} answered ${status} during warm-up`);
  }
  const baselineMb = residentMb();

  // Each phase is printed as it ends: a run cut short still says what it measured.
  console.log(`After sync and warm-up: ${baselineMb} MB resident`);
  const sustained = await phase(token, { connections, seconds });
  const afterSustainedMb = residentMb();
  console.log(`${connections} connections for ${seconds} s:`, sustained, `${afterSustainedMb} MB`);
  const first = await phase(token, { connections: memoryConnections, requests: requestsPerPhase });
  const afterFirstMb = residentMb();
  console.log(`First ${requestsPerPhase} requests:`, first, `${afterFirstMb} MB`);
  const second = await phase(token, { connections: memoryConnections, requests: requestsPerPhase });
  const afterSecondMb = residentMb();
  console.log(`Second ${requestsPerPhase} requests:`, second, `${afterSecondMb} MB`);

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    repositories: repoCount,
    connections,
    memoryConnections,
    timeoutSeconds,
    routes,
    sustained: { ...sustained, targetSeconds: seconds },
    memory: {
      baselineMb,
      afterSustainedMb,
      afterFirst: { ...first, rssMb: afterFirstMb },
      afterSecond: { ...second, rssMb: afterSecondMb },
      growthOverSecondMb: Math.round((afterSecondMb - afterFirstMb) * 10) / 10,
    },
  };
  console.log(`Built server, ${repoCount} repositories, ${connections} connections`);
  console.log(
    `Sustained ${sustained.seconds} s: ${sustained.requests} requests, ${sustained.requestsPerSecond}/s, ` +
      `p50 ${sustained.p50Ms} ms, p99 ${sustained.p99Ms} ms, max ${sustained.maxMs} ms, errors ${sustained.errors} (timeouts ${sustained.timeouts})`,
  );
  console.log(
    `Resident memory: ${baselineMb} MB idle after warm-up, ${afterSustainedMb} MB after the ${sustained.seconds} s, ` +
      `${afterFirstMb} MB after ${first.requests} more requests, ${afterSecondMb} MB after another ${second.requests} ` +
      `(${results.memory.growthOverSecondMb >= 0 ? '+' : ''}${results.memory.growthOverSecondMb} MB)`,
  );
  const out = join(root, 'bench/results/load.json');
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Wrote ${out}`);
  const failures = [sustained, first, second].reduce((sum, p) => sum + p.errors, 0);
  if (failures > 0) process.exitCode = 1;
} finally {
  server.child.kill('SIGTERM');
  await emulator.close();
}
