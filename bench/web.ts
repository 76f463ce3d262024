// What each page of the built web app makes the browser download before it is usable, and how
// fast it paints, beside a floor page (bare React 19 + Tailwind 4 built by Vite, bench/floor/)
// built and served in the same run on the same machine.
// Run: npx tsx bench/web.ts [--runs 3] [--skip-build]
// First-load JS/CSS is the gzipped size (zlib level 6, what a server would send) of every script
// and stylesheet the page fetched until the network went idle, from a cold cache. LCP is the
// median of the runs, set against the floor page loaded between those runs (same machine load);
// CLS the worst. Prints the table and writes bench/results/web.json.
import { execFileSync } from 'node:child_process';
import { readFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../e2e/support/launch-browser.js';
import { startServer } from '../e2e/support/start-server.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const root = fileURLToPath(new URL('..', import.meta.url));

/** Budgets from issue 12: KB of gzipped first-load JS, and LCP as a multiple of the floor's. */
const JS_BUDGET_KB = 150;
const ENTRY_JS_BUDGET_KB = 100;
const ENTRY_ROUTES = new Set(['/', '/login', '/signup']);
const LCP_ROUTES = new Set(['/', '/login', '/dashboard']);
const LCP_RATIO_BUDGET = 2;
const CLS_BUDGET = 0.05;

if (!values['skip-build']) {
  console.log('building the app (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

const floorDir = await mkdtemp(join(tmpdir(), 'shipdeck-floor-'));
await build({
  root: join(root, 'bench/floor'),
  configFile: false,
  logLevel: 'warn',
  plugins: [tailwindcss()],
  build: { outDir: floorDir, emptyOutDir: true },
});

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};
const floorServer = createServer((request, response) => {
  const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/'));
  const file = join(floorDir, path === '/' ? 'index.html' : path);
  readFile(file).then(
    (body) => {
      response.writeHead(200, {
        'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    },
    () => {
      response.writeHead(404);
      response.end();
    },
  );
});
await new Promise<void>((resolve) => floorServer.listen(0, '127.0.0.1', resolve));
const floorUrl = `http://127.0.0.1:${(floorServer.address() as AddressInfo).port}`;

const app = await startServer();
const browser: Browser = await launchBrowser();

/** Signs in through "Continue with GitHub" on the built-in emulator, as a visitor would. */
async function signedInState(): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with GitHub' }).click();
  await page
    .getByRole('button', { name: /octocat/ })
    .first()
    .click();
  await page.waitForURL('**/dashboard');
  const state = await context.storageState();
  await context.close();
  return state;
}

// Read after the network is idle: the last LCP candidate and every shift without recent input.
const METRICS_SCRIPT = `new Promise((resolve) => {
  let lcp = 0;
  let cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  setTimeout(() => resolve({ lcp, cls }), 200);
})`;

interface Load {
  jsBytes: number;
  cssBytes: number;
  scripts: string[];
  lcpMs: number;
  cls: number;
}

async function load(
  url: string,
  storageState: BrowserContextOptions['storageState'],
): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    colorScheme: 'light',
    storageState,
  });
  const page = await context.newPage();
  const sizes: Promise<{ type: string; url: string; bytes: number }>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    sizes.push(
      response.body().then((body) => ({ type, url: response.url(), bytes: gzipSync(body).length })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  let metrics = await page.evaluate<{ lcp: number; cls: number }>(METRICS_SCRIPT);
  // Under load Chromium can report the LCP entry late; give it a moment before reading again.
  for (let attempt = 0; metrics.lcp === 0 && attempt < 5; attempt += 1) {
    await page.waitForTimeout(500);
    metrics = await page.evaluate<{ lcp: number; cls: number }>(METRICS_SCRIPT);
  }
  const fetched = await Promise.all(sizes);
  await context.close();
  const scripts = fetched.filter((f) => f.type === 'script');
  return {
    jsBytes: scripts.reduce((sum, f) => sum + f.bytes, 0),
    cssBytes: fetched.filter((f) => f.type === 'stylesheet').reduce((sum, f) => sum + f.bytes, 0),
    scripts: scripts.map((f) => `${new URL(f.url).pathname} ${(f.bytes / 1024).toFixed(1)} KB`),
    lcpMs: metrics.lcp,
    cls: metrics.cls,
  };
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function measure(
  name: string,
  url: string,
  state: BrowserContextOptions['storageState'],
  withFloor = true,
) {
  await load(url, state); // warm the server (its GitHub caches), not the browser
  const loads: Load[] = [];
  // The floor page loads between the runs of every page, so a page and the floor it is
  // compared with see the same machine load (other processes share these cores).
  const floorLcps: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    loads.push(await load(url, state));
    if (withFloor) floorLcps.push((await load(`${floorUrl}/`, anonymous)).lcpMs);
  }
  const first = loads[0];
  if (!first) throw new Error('no runs');
  const lcpMs = Math.round(median(loads.map((l) => l.lcpMs)));
  const floorLcpMs = Math.round(median(floorLcps));
  return {
    page: name,
    jsKb: Math.round((first.jsBytes / 1024) * 10) / 10,
    cssKb: Math.round((first.cssBytes / 1024) * 10) / 10,
    lcpMs,
    lcpRunsMs: loads.map((l) => Math.round(l.lcpMs)),
    floorLcpMs,
    lcpRatio: withFloor ? Math.round((lcpMs / Math.max(floorLcpMs, 1)) * 10) / 10 : 1,
    cls: Math.round(Math.max(...loads.map((l) => l.cls)) * 1000) / 1000,
    scripts: first.scripts,
  };
}

const anonymous = { cookies: [], origins: [] };

try {
  const state = await signedInState();
  const firstRepo = JSON.parse(
    await signedInGet(`${app.url}/api/github/repos?perPage=1`, state),
  ) as {
    data: { repositories: { full_name: string }[] };
  };
  const repoPath = `/repo/${firstRepo.data.repositories[0]?.full_name ?? 'octocat/unknown'}`;

  const floor = await measure('floor page', `${floorUrl}/`, anonymous, false);
  const pages = [
    { route: '/', signedIn: false },
    { route: '/login', signedIn: false },
    { route: '/signup', signedIn: false },
    { route: '/dashboard', signedIn: true },
    { route: '/repositories', signedIn: true },
    { route: '/pull-requests', signedIn: true },
    { route: '/deployments', signedIn: true },
    { route: repoPath, signedIn: true },
    { route: '/profile', signedIn: true },
    { route: '/settings', signedIn: true },
    { route: '/no-such-page', signedIn: false },
  ];
  const results = [];
  for (const { route, signedIn } of pages) {
    const result = await measure(
      signedIn ? `${route} (signed in)` : route,
      `${app.url}${route}`,
      signedIn ? state : anonymous,
    );
    const jsBudget = ENTRY_ROUTES.has(route) ? ENTRY_JS_BUDGET_KB : JS_BUDGET_KB;
    results.push({
      route,
      ...result,
      jsBudgetKb: jsBudget,
      withinBudget:
        result.jsKb <= jsBudget &&
        result.cls < CLS_BUDGET &&
        (!LCP_ROUTES.has(route) || result.lcpRatio <= LCP_RATIO_BUDGET),
    });
  }

  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  console.log(
    line([
      'Page',
      'First-load JS (gz)',
      'CSS (gz)',
      `LCP median of ${runs}`,
      'vs floor',
      'CLS',
      'OK',
    ]),
  );
  console.log(line(['---', '---', '---', '---', '---', '---', '---']));
  console.log(
    line([
      floor.page,
      `${floor.jsKb} KB`,
      `${floor.cssKb} KB`,
      `${floor.lcpMs} ms`,
      '1.0×',
      `${floor.cls}`,
      '',
    ]),
  );
  for (const r of results) {
    console.log(
      line([
        r.page,
        `${r.jsKb} KB`,
        `${r.cssKb} KB`,
        `${r.lcpMs} ms`,
        `${r.lcpRatio}× (floor ${r.floorLcpMs} ms)`,
        `${r.cls}`,
        r.withinBudget ? 'yes' : 'NO',
      ]),
    );
  }

  const out = join(root, 'bench/results/web.json');
  await mkdir(dirname(out), { recursive: true });
  await writeFile(
    out,
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        runs,
        budgets: {
          firstLoadJsKb: JS_BUDGET_KB,
          entryFirstLoadJsKb: ENTRY_JS_BUDGET_KB,
          lcpVsFloor: LCP_RATIO_BUDGET,
          cls: CLS_BUDGET,
        },
        floor,
        pages: results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwritten to ${out}`);
} finally {
  await browser.close();
  await app.stop();
  floorServer.close();
}

/** A signed-in API GET with the token the browser stored. */
async function signedInGet(
  url: string,
  state: BrowserContextOptions['storageState'],
): Promise<string> {
  const origins = typeof state === 'object' && state ? state.origins : [];
  const token = origins.flatMap((o) => o.localStorage).find((item) => item.name === 'token')?.value;
  const response = await fetch(url, { headers: { authorization: `Bearer ${token ?? ''}` } });
  return response.text();
}
