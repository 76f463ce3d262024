import type { EmulatorHandle } from '@shipdeck/emulator/start-emulator';
import { startEmulator } from '@shipdeck/emulator/start-emulator';
import { syncResultSchema, type SyncResult } from '@shipdeck/shared/github';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { signUpOverApi } from './support/sessions.js';

/**
 * Issue 33: a first sync that meets GitHub's search limit waits instead of failing, and the sync
 * bar says so with the time it resumes, then "Updated …" once the sync has finished. About 300
 * pull requests involve octocat in this world (three search pages and the review-request
 * search); the emulator allows two searches in a 10 s window, so the sync waits at least once.
 * Without GraphQL, as on a GitHub Enterprise Server that lacks it: with GraphQL only each
 * search's first page is a REST search and the slices after it go by GraphQL, so this world's
 * first sync would never meet the search limit (the server tests cover the GraphQL limit's wait).
 */
let emulator: EmulatorHandle;
const env: Record<string, string> = {};
const SEARCH_WINDOW_MS = 10_000;

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    repos: 40,
    richRepos: 24,
    projects: 1,
    rateLimits: { search: 2, searchWindowMs: SEARCH_WINDOW_MS },
    graphql: false,
  });
  Object.assign(env, {
    DEMO_MODE: 'false',
    SIGNUPS: 'open',
    GITHUB_API_URL: emulator.githubApiUrl,
    GITHUB_WEB_URL: emulator.oauthUrl,
    VERCEL_API_URL: emulator.vercelApiUrl,
  });
}, 60_000);
afterAll(async () => emulator.close());

describe('the sync bar while a first sync waits for GitHub’s search limit', () => {
  // `env` is filled by the emulator's beforeAll, which runs before the server starts.
  const e2e = useE2e(env);

  it('shows the wait and the time it resumes, then that the account is synced', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    const { token } = await signUpOverApi(page);
    const authorization = { authorization: `Bearer ${token}` };
    const status = async (): Promise<SyncResult> => {
      const response = await page.request.get('/api/github/sync', { headers: authorization });
      return syncResultSchema.parse(((await response.json()) as { data: unknown }).data);
    };
    await page.addInitScript((stored) => localStorage.setItem('token', stored), token);
    const connected = await page.request.put('/auth/github', {
      headers: authorization,
      data: { token: emulator.demo.githubToken },
    });
    expect(connected.status()).toBe(200);

    await page.goto('/dashboard');
    const bar = page.getByTestId('sync-status');
    const waiting = bar.filter({ hasText: /^Waiting for GitHub’s search limit, resumes / });
    await waiting.waitFor({ timeout: 60_000 });

    // The time shown is the wait's end as the server reports it, in the browser's own clock.
    await expect
      .poll(
        async () => {
          const shown = await waiting.textContent({ timeout: 1000 }).catch(() => null);
          const until = (await status()).sync.waiting?.until;
          if (!shown || !until) return 'not waiting';
          const expected = await page.evaluate(
            (iso) =>
              new Intl.DateTimeFormat(undefined, {
                hour: '2-digit',
                minute: '2-digit',
                second: '2-digit',
                hourCycle: 'h23',
              }).format(new Date(iso)),
            until,
          );
          const untilMs = Date.parse(until);
          // A wait of the emulator's window, not an error and not a wait of hours.
          const plausible =
            untilMs > Date.now() - 2000 && untilMs < Date.now() + 2 * SEARCH_WINDOW_MS;
          return plausible &&
            shown.trim() === `Waiting for GitHub’s search limit, resumes ${expected}`
            ? 'shown'
            : `${shown} / ${expected}`;
        },
        { timeout: 20_000 },
      )
      .toBe('shown');
    const during = await status();
    expect(during.syncedAt).toBeNull();
    expect(during.sync.lastError).toBeNull();
    // No error banner while it waits.
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /GitHub/ })
        .count(),
    ).toBe(0);

    // The job goes on by itself at that time and finishes: the bar then says it is synced.
    await bar.filter({ hasText: /^Updated / }).waitFor({ timeout: 90_000 });
    const done = await status();
    expect(done.syncedAt).not.toBeNull();
    expect(done.sync).toMatchObject({ phase: null, lastError: null });
    expect(done.sync.waiting ?? null).toBeNull();
    // Refused by GitHub: none. The sync paced itself into the window instead of meeting a 403.
    const searches = emulator.requestLog
      .list({ area: 'github' })
      .filter((entry) => entry.url.startsWith('/api/v3/search/issues'));
    expect(searches.length).toBeGreaterThan(2);
    expect(searches.filter((entry) => entry.status === 403 || entry.status === 429)).toEqual([]);
    expect(e2e.pageErrors).toEqual([]);
  }, 180_000);
});
