// Throughput and memory of the provider emulator with 5,000 repositories.
// Run: npx tsx --conditions=@shipdeck/source bench/emulator-throughput.ts [--duration 10] [--concurrency 32]
// Prints requests/second, latency percentiles and memory, and writes
// bench/results/emulator-throughput.json so runs can be compared.
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { startEmulator } from '@shipdeck/emulator/start-emulator';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '32' },
    repos: { type: 'string', default: '5000' },
  },
});
const durationMs = Number(values.duration) * 1000;
const concurrency = Number(values.concurrency);
const repoCount = Number(values.repos);

interface Target {
  name: string;
  url: (i: number) => string;
  headers: Record<string, string>;
}

interface LoadResult {
  latencies: number[];
  errors: number;
  elapsedMs: number;
  statuses: Record<string, number>;
  perTarget: Record<string, { count: number; totalMs: number }>;
}

const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { targets, concurrency, durationMs } = workerData;
const latencies = [];
const statuses = {};
const perTarget = {};
let errors = 0;
let counter = 0;
const started = performance.now();
const deadline = started + durationMs;
async function worker() {
  while (performance.now() < deadline) {
    const i = counter++;
    const target = targets[i % targets.length];
    const url = target.urls[Math.floor(i / targets.length) % target.urls.length];
    const t0 = performance.now();
    try {
      const response = await fetch(url, { headers: target.headers });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] || 0) + 1;
    } catch {
      errors++;
    }
    const elapsed = performance.now() - t0;
    latencies.push(elapsed);
    const stats = perTarget[target.name] || (perTarget[target.name] = { count: 0, totalMs: 0 });
    stats.count++;
    stats.totalMs += elapsed;
  }
}
Promise.all(Array.from({ length: concurrency }, worker)).then(() => {
  parentPort.postMessage({ latencies, errors, elapsedMs: performance.now() - started, statuses, perTarget });
});
`;

function runLoad(
  targets: { name: string; urls: string[]; headers: Record<string, string> }[],
  concurrency: number,
  durationMs: number,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, {
      eval: true,
      workerData: { targets, concurrency, durationMs },
    });
    worker.once('message', (message: LoadResult) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

function megabytes(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

function memory(): { rssMb: number; heapUsedMb: number; heapTotalMb: number } {
  const usage = process.memoryUsage();
  return {
    rssMb: megabytes(usage.rss),
    heapUsedMb: megabytes(usage.heapUsed),
    heapTotalMb: megabytes(usage.heapTotal),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length));
  return Math.round((sorted[index] ?? 0) * 100) / 100;
}

async function main(): Promise<void> {
  const before = memory();
  const startedAt = performance.now();
  // Rate limits off: the benchmark measures the emulator, not GitHub's 5,000/h budget.
  const emulator = await startEmulator({ repos: repoCount, seed: 7, rateLimits: false });
  const startupMs = Math.round(performance.now() - startedAt);
  const afterStart = memory();
  const github = {
    authorization: `Bearer ${emulator.demo.githubToken}`,
    'user-agent': 'shipdeck-bench',
    accept: 'application/vnd.github+json',
  };
  const vercel = { authorization: `Bearer ${emulator.demo.vercelToken}` };
  const pages = Math.ceil(repoCount / 100);

  // Warm up the first search (it generates every repository's history once).
  const warmStarted = performance.now();
  await fetch(
    `${emulator.githubApiUrl}/search/issues?q=${encodeURIComponent('is:pr author:@me')}`,
    { headers: github },
  ).then((r) => r.arrayBuffer());
  const firstSearchMs = Math.round(performance.now() - warmStarted);

  const etagResponse = await fetch(
    `${emulator.githubApiUrl}/repos/octocat/shipdeck/pulls?state=all`,
    { headers: github },
  );
  await etagResponse.arrayBuffer();
  const etag = etagResponse.headers.get('etag') ?? '';

  const targets: Target[] = [
    { name: 'github /user', url: () => `${emulator.githubApiUrl}/user`, headers: github },
    {
      name: 'github /user/repos?per_page=100',
      url: (i) => `${emulator.githubApiUrl}/user/repos?per_page=100&page=${(i % pages) + 1}`,
      headers: github,
    },
    {
      name: 'github /repos/{o}/{r}/commits',
      url: () => `${emulator.githubApiUrl}/repos/octocat/shipdeck/commits?per_page=30`,
      headers: github,
    },
    {
      name: 'github /repos/{o}/{r}/pulls',
      url: () => `${emulator.githubApiUrl}/repos/octocat/shipdeck/pulls?state=all`,
      headers: github,
    },
    {
      name: 'github pulls 304',
      url: () => `${emulator.githubApiUrl}/repos/octocat/shipdeck/pulls?state=all`,
      headers: { ...github, 'if-none-match': etag },
    },
    {
      name: 'github /search/issues',
      url: () =>
        `${emulator.githubApiUrl}/search/issues?q=${encodeURIComponent('is:pr is:open author:@me')}&per_page=30`,
      headers: github,
    },
    {
      name: 'vercel /v7/deployments',
      url: () => `${emulator.vercelApiUrl}/v7/deployments?limit=20`,
      headers: vercel,
    },
    {
      name: 'vercel /v10/projects',
      url: () => `${emulator.vercelApiUrl}/v10/projects`,
      headers: vercel,
    },
  ];

  // The load generator runs in a worker thread so client-side parsing does not share the
  // emulator's event loop (on a 2-core machine: one core each).
  const load = await runLoad(
    targets.map((t, i) => ({
      name: t.name,
      urls: Array.from({ length: pages }, (_, n) => t.url(i + n * targets.length)),
      headers: t.headers,
    })),
    concurrency,
    durationMs,
  );
  const elapsedS = load.elapsedMs / 1000;
  const afterLoad = memory();
  await emulator.close();
  const { latencies, errors } = load;
  const statuses = new Map(Object.entries(load.statuses).map(([k, v]) => [Number(k), v]));
  const perTarget = new Map(Object.entries(load.perTarget));

  latencies.sort((a, b) => a - b);
  const result = {
    benchmark: 'emulator-throughput',
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    repositories: emulator.world.repos.size,
    concurrency,
    durationS: Math.round(elapsedS * 100) / 100,
    startupMs,
    firstSearchMs,
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / elapsedS),
    errors,
    statuses: Object.fromEntries(statuses),
    latencyMs: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
    },
    perEndpoint: Object.fromEntries(
      [...perTarget].map(([name, s]) => [
        name,
        { requests: s.count, meanMs: Math.round((s.totalMs / s.count) * 100) / 100 },
      ]),
    ),
    memory: { beforeStart: before, afterStart, afterLoad },
  };

  const file = join(dirname(fileURLToPath(import.meta.url)), 'results', 'emulator-throughput.json');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);

  console.log(
    `Emulator with ${result.repositories} repositories (startup ${startupMs} ms, first search ${firstSearchMs} ms)`,
  );
  console.log(
    `${result.requests} requests in ${result.durationS} s at concurrency ${concurrency}: ${result.requestsPerSecond} req/s, ${errors} errors`,
  );
  console.log(
    `latency p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, p99 ${result.latencyMs.p99} ms`,
  );
  for (const [name, stats] of Object.entries(result.perEndpoint))
    console.log(
      `  ${name.padEnd(36)} ${String(stats.requests).padStart(7)} req  mean ${stats.meanMs} ms`,
    );
  console.log(
    `memory: RSS ${afterStart.rssMb} MB after start, ${afterLoad.rssMb} MB after load; heap used ${afterLoad.heapUsedMb} MB`,
  );
  console.log(`wrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
