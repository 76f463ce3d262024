import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { connectDemoVercel, signInAsOctocat } from './support/sessions.js';
import { freePort } from './support/start-server.js';

// The server-level suite (provider-faults.test.ts) injects every fault alone and all at once
// and checks each read route. This file checks what a person sees: with GitHub and Vercel both
// failing (every connection dropped, 2 s of latency first), each page still draws the data it
// last had, says which provider failed and as of when, and answers within the client's timeout.

const emulatorPort = await freePort();
const emulatorAdminKey = randomBytes(24).toString('hex');
const dataDir = mkdtempSync(join(tmpdir(), 'shipdeck-faults-'));
const databaseFile = join(dataDir, 'faults.db');
/** The web client's own deadline for an API answer (api-client's shared timeout). */
const CLIENT_TIMEOUT_MS = 10_000;
const shots = process.env.E2E_SHOTS_DIR;

async function emulatorAdmin(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${emulatorPort}/_emulator${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-emulator-key': emulatorAdminKey },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`emulator ${method} ${path} answered ${response.status}`);
}

interface SyncAnswer {
  syncedAt: string | null;
  sync: { lastError: string | null };
}

async function syncStatus(page: Page, provider: 'github' | 'vercel'): Promise<SyncAnswer> {
  return page.evaluate(async (which) => {
    const response = await fetch(`/api/${which}/sync`, {
      headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    return ((await response.json()) as { data: SyncAnswer }).data;
  }, provider);
}

async function waitForFailure(page: Page, provider: 'github' | 'vercel'): Promise<SyncAnswer> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const status = await syncStatus(page, provider);
    if (status.sync.lastError) return status;
    if (Date.now() > deadline) throw new Error(`the ${provider} sync never failed`);
    await page.waitForTimeout(1_000);
  }
}

/** The slowest API answer this page load waited for, from the browser's resource timing. */
async function slowestApiAnswerMs(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(
      0,
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
        .map((entry) => entry.duration),
    ),
  );
}

describe('pages while GitHub and Vercel fail', () => {
  const e2e = useE2e({
    EMULATOR_PORT: String(emulatorPort),
    EMULATOR_ADMIN_KEY: emulatorAdminKey,
    DATABASE_URL: databaseFile,
    JOBS_POLL_INTERVAL_MS: '200',
    // Every failed sync is a warning; the test reads the outcome from the pages.
    LOG_LEVEL: 'error',
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('draw their last good data with an honest "as of", in time, and the server stays healthy', async () => {
    const page = await e2e.newPage();
    await signInAsOctocat(page);
    await connectDemoVercel(page);

    // The last good data, page by page (a piece of each), before anything fails.
    const before = new Map<string, string>();
    const markers: Record<string, string> = {
      '/repositories': 'main li a',
      '/pull-requests': 'main li a[target="_blank"]',
      '/deployments': 'main li a',
      '/repo/octocat/shipdeck': 'main [role="tabpanel"] li',
    };
    for (const [path, selector] of Object.entries(markers)) {
      await page.goto(path);
      const first = page.locator(selector).first();
      await first.waitFor();
      before.set(path, (await first.innerText()).split('\n')[0] ?? '');
    }
    await page.goto('/insights');
    const leadTime = page.getByText(/^Median time from a change's first commit/);
    await leadTime.waitFor();
    before.set('/insights', await leadTime.innerText());
    const github = await syncStatus(page, 'github');
    const vercel = await syncStatus(page, 'vercel');
    expect(github.syncedAt).not.toBeNull();
    expect(vercel.syncedAt).not.toBeNull();

    // Both providers fail: 2 s of latency, then the connection drops.
    await emulatorAdmin('POST', '/faults', { area: 'all', latencyMs: 2_000 });
    await emulatorAdmin('POST', '/faults', { area: 'github', dropRate: 1 });
    await emulatorAdmin('POST', '/faults', { area: 'vercel', dropRate: 1 });
    // Time passes: both accounts are due a refresh (the next page view queues GitHub's; a
    // deployment Vercel announces makes Shipdeck read that project again).
    const database = new SQLite(databaseFile);
    try {
      database
        .prepare(
          "update sync_state set next_due_at = '2000-01-01T00:00:00.000Z' where resource in ('account', 'projects')",
        )
        .run();
    } finally {
      database.close();
    }
    await emulatorAdmin('POST', '/activity', {
      kind: 'deployment',
      repo: 'octocat/shipdeck',
      waitForDeployment: false,
    });
    await page.goto('/repositories');
    const githubDown = await waitForFailure(page, 'github');
    const vercelDown = await waitForFailure(page, 'vercel');
    // Honest: the time shown is still that of the last sync that succeeded.
    expect(githubDown.syncedAt).toBe(github.syncedAt);
    expect(vercelDown.syncedAt).toBe(vercel.syncedAt);

    const banners: Record<string, ('GitHub' | 'Vercel')[]> = {
      '/dashboard': ['GitHub'],
      '/repositories': ['GitHub'],
      '/pull-requests': ['GitHub'],
      '/deployments': ['Vercel'],
      '/insights': ['GitHub', 'Vercel'],
      '/repo/octocat/shipdeck': ['GitHub', 'Vercel'],
    };
    for (const [path, providers] of Object.entries(banners)) {
      await page.goto(path);
      for (const provider of providers) {
        const banner = page.locator(`[data-testid="sync-error"][data-provider="${provider}"]`);
        await banner.first().waitFor({ timeout: 30_000 });
        const text = await banner.first().innerText();
        expect(text, `${path}: ${provider}`).toMatch(
          /sync failed: .+ Showing the last good data, as of /,
        );
        const syncedAt = provider === 'GitHub' ? github.syncedAt : vercel.syncedAt;
        expect(await banner.first().locator('time').first().getAttribute('datetime')).toBe(
          syncedAt,
        );
      }
      const selector = markers[path];
      if (selector) {
        const first = page.locator(selector).first();
        await first.waitFor();
        expect((await first.innerText()).split('\n')[0], path).toBe(before.get(path));
      }
      if (path === '/insights') {
        await page.getByText(before.get('/insights') ?? '', { exact: true }).waitFor();
      }
      await page.waitForLoadState('networkidle');
      if (shots) {
        const name = path.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '');
        await page.screenshot({ path: `${shots}/faults-${name}.png`, fullPage: true });
      }
      expect(await slowestApiAnswerMs(page), path).toBeLessThan(CLIENT_TIMEOUT_MS);
      expect(await page.getByText(/Failed to load/).count(), path).toBe(0);
    }

    const health = await page.request.get('/health');
    expect(health.status()).toBe(200);
    expect(e2e.pageErrors).toEqual([]);
    await emulatorAdmin('DELETE', '/faults');
  }, 300_000);
});
