// Load and memory of the built server: 500 concurrent keep-alive connections for 60 s across the
// main read routes (zero errors expected, p50/p99 reported), then the server's resident memory
// after 100,000 more requests and again after a second 100,000, against the idle baseline
// measured in the same run. The server runs as its own process (apps/server/dist/main.js) against
// an emulated GitHub account with 5,000 repositories, so its memory is Shipdeck's alone.
// Run: npm run build -w packages/shared -w packages/emulator -w apps/server
//      npx tsx --conditions=@shipdeck/source bench/load.ts [--connections 500] [--seconds 60]
//        [--requests 100000] [--repos 5000]
// Prints the figures and writes bench/results/load.json.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_OAUTH_APP } from '@shipdeck/emulator/emulator-options';
import { startEmulator } from '@shipdeck/emulator/start-emulator';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '60' },
    requests: { type: 'string', default: '100000' },
    repos: { type: 'string', default: '5000' },
  },
});
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const requestsPerPhase = Number(values.requests);
const repoCount = Number(values.repos);

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = join(root, 'apps/server/dist/main.js');
if (!existsSync(serverEntry)) {
  throw new Error(
    'Build the server first: npm run build -w packages/shared -w packages/emulator -w apps/server',
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const emulator = await startEmulator({ repos: repoCount, rateLimits: false });
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [serverEntry], {
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'shipdeck-load-')), 'shipdeck.db'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: '/nonexistent',
    GITHUB_CLIENT_ID: DEMO_OAUTH_APP.clientId,
    GITHUB_CLIENT_SECRET: DEMO_OAUTH_APP.clientSecret,
    GITHUB_API_URL: emulator.githubApiUrl,
    GITHUB_WEB_URL: emulator.oauthUrl,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const serverPid = server.pid ?? 0;

async function waitForHealth(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${origin}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy');
}

/** The server process's resident set, from the kernel (Linux). */
function residentMb(): number {
  const status = readFileSync(`/proc/${serverPid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/** The OAuth web flow as a browser plays it; returns the bearer token. */
async function signIn(): Promise<string> {
  const begin = await fetch(`${origin}/auth/github`, { redirect: 'manual' });
  const authorize = new URL(String(begin.headers.get('location')));
  const form = new URLSearchParams(authorize.searchParams);
  form.set('login', emulator.demo.login);
  form.set('decision', 'allow');
  const approval = await fetch(new URL('/login/oauth/authorize', authorize), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const callback = new URL(String(approval.headers.get('location')));
  const finish = await fetch(`${origin}${callback.pathname}${callback.search}`, {
    redirect: 'manual',
  });
  const landing = new URL(String(finish.headers.get('location')), origin);
  const token = landing.searchParams.get('token');
  if (!token) throw new Error(`sign-in failed: ${landing.href}`);
  return token;
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

const agent = new Agent({ keepAlive: true, maxSockets: connections });

function get(path: string, token: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      `${origin}${path}`,
      { agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end();
  });
}

interface PhaseResult {
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errorStatuses: Record<string, number>;
}

/** `connections` workers, each one request at a time, until the time or the count runs out. */
async function phase(
  token: string,
  limit: { ms?: number; requests?: number },
): Promise<PhaseResult> {
  const latencies: number[] = [];
  const errorStatuses: Record<string, number> = {};
  let issued = 0;
  const started = performance.now();
  const done = () =>
    (limit.ms !== undefined && performance.now() - started >= limit.ms) ||
    (limit.requests !== undefined && issued >= limit.requests);
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      for (let next = worker; !done(); next += 1) {
        issued += 1;
        const path = routes[next % routes.length] ?? '/health';
        const sent = performance.now();
        const status = await get(path, token);
        latencies.push(performance.now() - sent);
        if (status < 200 || status >= 300) {
          errorStatuses[String(status)] = (errorStatuses[String(status)] ?? 0) + 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: latencies.length,
    errors: Object.values(errorStatuses).reduce((sum, count) => sum + count, 0),
    seconds: round(elapsed),
    requestsPerSecond: Math.round(latencies.length / elapsed),
    p50Ms: round(at(0.5)),
    p99Ms: round(at(0.99)),
    maxMs: round(at(1)),
    errorStatuses,
  };
}

try {
  await waitForHealth();
  const token = await signIn();
  // Warm-up: the first repository list fetches all pages from GitHub once.
  for (const path of routes) {
    const status = await get(path, token);
    if (status !== 200) throw new Error(`${path} answered ${status} during warm-up`);
  }
  const baselineMb = residentMb();

  const sustained = await phase(token, { ms: seconds * 1000 });
  const afterSustainedMb = residentMb();
  const first = await phase(token, { requests: requestsPerPhase });
  const afterFirstMb = residentMb();
  const second = await phase(token, { requests: requestsPerPhase });
  const afterSecondMb = residentMb();

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    repositories: repoCount,
    connections,
    routes,
    sustained: { ...sustained, targetSeconds: seconds },
    memory: {
      baselineMb,
      afterSustainedMb,
      afterFirst: { requests: first.requests, rssMb: afterFirstMb, errors: first.errors },
      afterSecond: { requests: second.requests, rssMb: afterSecondMb, errors: second.errors },
      growthOverSecondMb: Math.round((afterSecondMb - afterFirstMb) * 10) / 10,
    },
  };
  console.log(`Built server, ${repoCount} repositories, ${connections} connections`);
  console.log(
    `Sustained ${sustained.seconds} s: ${sustained.requests} requests, ${sustained.requestsPerSecond}/s, ` +
      `p50 ${sustained.p50Ms} ms, p99 ${sustained.p99Ms} ms, max ${sustained.maxMs} ms, errors ${sustained.errors}`,
  );
  console.log(
    `Resident memory: ${baselineMb} MB idle after warm-up, ${afterSustainedMb} MB after the 60 s, ` +
      `${afterFirstMb} MB after ${first.requests} more requests, ${afterSecondMb} MB after another ${second.requests} ` +
      `(${results.memory.growthOverSecondMb >= 0 ? '+' : ''}${results.memory.growthOverSecondMb} MB)`,
  );
  const out = join(root, 'bench/results/load.json');
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Wrote ${out}`);
  if (sustained.errors + first.errors + second.errors > 0) process.exitCode = 1;
} finally {
  agent.destroy();
  server.kill('SIGTERM');
  await emulator.close();
}
