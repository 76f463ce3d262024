// A closed-loop load generator over Node's own HTTP client: `connections` keep-alive sockets, each
// sending its next request as soon as the previous answer has arrived, cycling through `paths`.
// Used instead of autocannon for the 500-connection phase: against a saturated bare Fastify server
// burning 1.1 ms per request (about 840 req/s, 500 connections, 60 s), autocannon 9 held
// 142 to 362 requests past its 30 s timeout (max 29.7 s) while this client, against the same
// server in the same minute, saw none (max 2.0 s); the stalls were the client's, not the server's.
import http from 'node:http';
import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  origin: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  /** Stop after this long… */
  seconds?: number;
  /** …or once this many requests have been sent. */
  requests?: number;
  /** A request with no answer for this long counts as a timeout and its socket is dropped. */
  timeoutMs: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  timeouts: number;
  /** Timeouts per path, to tell a slow route from a stalled client or server. */
  timeoutsByPath: Record<string, number>;
  non2xx: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

type Outcome = { kind: 'answer'; status: number } | { kind: 'timeout' } | { kind: 'error' };

function send(
  agent: http.Agent,
  url: URL,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ kind: 'answer', status: response.statusCode ?? 0 }));
      response.on('error', () => resolve({ kind: 'error' }));
    });
    request.setTimeout(timeoutMs, () => {
      request.destroy();
      resolve({ kind: 'timeout' });
    });
    request.on('error', () => resolve({ kind: 'error' }));
  });
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.floor(sorted.length * fraction));
  return Math.round(sorted[index] ?? 0);
}

export async function closedLoopLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const urls = options.paths.map((path) => new URL(path, options.origin));
  const started = performance.now();
  const deadline = options.seconds === undefined ? Infinity : started + options.seconds * 1000;
  const budget = options.requests ?? Infinity;
  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  let timeouts = 0;
  const timeoutsByPath: Record<string, number> = {};
  let non2xx = 0;

  async function connection(offset: number): Promise<void> {
    for (let turn = offset; performance.now() < deadline && sent < budget; turn += 1) {
      sent += 1;
      const index = turn % urls.length;
      const url = urls[index];
      if (!url) return;
      const begun = performance.now();
      const outcome = await send(agent, url, options.headers, options.timeoutMs);
      latencies.push(performance.now() - begun);
      if (outcome.kind === 'timeout') {
        timeouts += 1;
        const path = options.paths[index] ?? url.pathname;
        timeoutsByPath[path] = (timeoutsByPath[path] ?? 0) + 1;
      } else if (outcome.kind === 'error') errors += 1;
      else if (outcome.status < 200 || outcome.status > 299) non2xx += 1;
    }
  }

  await Promise.all(Array.from({ length: options.connections }, (_, index) => connection(index)));
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors: errors + timeouts + non2xx,
    timeouts,
    timeoutsByPath,
    non2xx,
    seconds: Math.round(elapsed * 10) / 10,
    requestsPerSecond: Math.round(latencies.length / elapsed),
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  };
}

/**
 * closedLoopLoad on a worker thread: the bench's main thread also runs the emulator the server
 * calls, and on a shared event loop a busy emulator delays the client's own sends and reads, which
 * the client would count as the server's latency.
 */
export function closedLoopLoadInWorker(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./closed-loop-load-worker.mjs', import.meta.url), {
      workerData: options,
    });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load worker exited with ${code}`));
    });
  });
}
