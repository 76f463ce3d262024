// How fast Shipdeck answers GET /api/github/repos for an account with 5,000 repositories, and
// what the ETag store buys: a cold fetch (50 pages from GitHub), answers inside GitHub's 60 s
// freshness (no GitHub call), and revalidation (50 conditional requests answered 304).
// Run: npx tsx --conditions=@shipdeck/source bench/api-repositories.ts [--repos 5000] [--rounds 20]
// Prints the figures and writes bench/results/api-repositories.json.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_OAUTH_APP } from '@shipdeck/emulator/emulator-options';
import { startEmulator } from '@shipdeck/emulator/start-emulator';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';

const { values } = parseArgs({
  options: {
    repos: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '20' },
  },
});
const repoCount = Number(values.repos);
const rounds = Number(values.rounds);

const emulator = await startEmulator({ repos: repoCount, rateLimits: false });
const config = {
  ...loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'shipdeck-bench-')), 'bench.db'),
    WEB_DIST_DIR: '/nonexistent',
  }),
  encryptionKey: randomBytes(32),
  github: {
    apiUrl: emulator.githubApiUrl,
    webUrl: emulator.oauthUrl,
    oauth: { clientId: DEMO_OAUTH_APP.clientId, clientSecret: DEMO_OAUTH_APP.clientSecret },
  },
};
const app = await buildApp({ config });

// Sign in through the OAuth web flow, as a browser would.
const begin = await app.inject({ method: 'GET', url: '/auth/github' });
const authorize = new URL(String(begin.headers.location));
const form = new URLSearchParams(authorize.searchParams);
form.set('login', emulator.demo.login);
form.set('decision', 'allow');
const approval = await fetch(new URL('/login/oauth/authorize', authorize), {
  method: 'POST',
  body: form,
  redirect: 'manual',
});
const callback = new URL(String(approval.headers.get('location')));
const finish = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
const token = decodeURIComponent(String(finish.headers.location).replace('/dashboard?token=', ''));
const headers = { authorization: `Bearer ${token}` };
const url = '/api/github/repos?perPage=50&sort=stars&filter=public&q=a';

async function timed(): Promise<number> {
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url, headers });
  if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
  return performance.now() - started;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    runs: samples.length,
    p50Ms: round(at(0.5)),
    p95Ms: round(at(0.95)),
    maxMs: round(at(1)),
  };
}

const githubCalls = () => emulator.requestLog.list({ area: 'github' }).length;
const callsBeforeCold = githubCalls();
const cold = await timed();
const coldCalls = githubCalls() - callsBeforeCold;

const fresh: number[] = [];
for (let i = 0; i < rounds; i += 1) fresh.push(await timed());
const freshCalls = githubCalls() - callsBeforeCold - coldCalls;

const revalidated: number[] = [];
const before304 = githubCalls();
for (let i = 0; i < Math.max(3, Math.floor(rounds / 4)); i += 1) {
  await app.db.updateTable('github_cache').set({ fetched_at: 0 }).execute();
  revalidated.push(await timed());
}
const revalidateCalls = (githubCalls() - before304) / revalidated.length;

const memory = process.memoryUsage();
const result = {
  benchmark: 'api-repositories',
  at: new Date().toISOString(),
  node: process.version,
  repositories: repoCount,
  coldMs: Math.round(cold),
  coldGithubCalls: coldCalls,
  fresh: { ...summary(fresh), githubCalls: freshCalls },
  revalidated: { ...summary(revalidated), githubCallsPerRequest: revalidateCalls },
  memoryMb: {
    rss: Math.round(memory.rss / 2 ** 20),
    heapUsed: Math.round(memory.heapUsed / 2 ** 20),
  },
};
console.table({
  cold: { ms: result.coldMs, githubCalls: coldCalls },
  'fresh (p50)': { ms: result.fresh.p50Ms, githubCalls: freshCalls },
  'revalidated 304 (p50)': { ms: result.revalidated.p50Ms, githubCalls: revalidateCalls },
});
console.log(JSON.stringify(result, null, 2));

const out = join(dirname(fileURLToPath(import.meta.url)), 'results', 'api-repositories.json');
await mkdir(dirname(out), { recursive: true });
await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`written to ${out}`);
await app.close();
await emulator.close();
