import { rateLimitResultSchema } from '@shipdeck/shared/github';
import { errorMessages } from '@shipdeck/shared/messages';
import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { exchangeLanding, playOAuth, useEmulator } from '../../../test-github.js';

const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 2 });

describe.each(testDialects)('GET /api/github/rate-limit on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  /** The core bucket as GitHub holds it now, asked outside Shipdeck (free of rate limit). */
  async function githubCore(): Promise<{ limit: number; remaining: number; reset: number }> {
    const response = await fetch(`${emulator.handle.githubApiUrl}/rate_limit`, {
      headers: { authorization: 'token ghp_emu_octocat', 'user-agent': 'shipdeck-test' },
    });
    const body = (await response.json()) as {
      resources: { core: { limit: number; remaining: number; reset: number } };
    };
    return body.resources.core;
  }

  const githubCalls = () => emulator.handle.requestLog.list({ area: 'github' });

  it('never asks GitHub: 404 before GitHub reported a budget, then the figures the sync last saw', async () => {
    // Signed in; the initial sync is queued but has not run. The sign-in's own calls go through
    // the OAuth client, which keeps no budget: nothing is stored yet.
    const { location, cookie } = await playOAuth(t.app, { url: '/auth/github' });
    const { token } = await exchangeLanding(t.app, location, cookie);
    if (!token) throw new Error('GitHub sign-in failed');
    const ask = () =>
      t.app.inject({ method: 'GET', url: '/api/github/rate-limit', headers: bearer(token) });
    const rateLimit = async () => {
      const response = await ask();
      expect(response.statusCode).toBe(200);
      return rateLimitResultSchema.parse(response.json<{ data: unknown }>().data);
    };

    emulator.handle.requestLog.clear();
    const before = await ask();
    expect(before.statusCode).toBe(404);
    expect(before.json<{ message: string }>().message).toBe(errorMessages.githubBudgetNotReported);
    expect(githubCalls()).toEqual([]);

    const syncStarted = new Date().toISOString();
    await t.app.jobs.drain();
    const syncEnded = new Date().toISOString();
    const spent = await githubCore();
    expect(spent.remaining).toBeLessThan(spent.limit);

    emulator.handle.requestLog.clear();
    const afterSync = await rateLimit();
    expect(githubCalls()).toEqual([]);
    // The sync's last core answer, as its headers told it.
    expect(afterSync).toMatchObject({
      limit: spent.limit,
      remaining: spent.remaining,
      reset: new Date(spent.reset * 1000).toISOString(),
    });
    expect(afterSync.syncedAt >= syncStarted && afterSync.syncedAt <= syncEnded).toBe(true);

    // Once the stored window has ended GitHub has refilled it: the whole limit, still no call.
    const ended = new Date(Date.now() - 60_000).toISOString();
    await t.database.db.updateTable('github_rate_budgets').set({ core_reset_at: ended }).execute();
    emulator.handle.requestLog.clear();
    expect(await rateLimit()).toEqual({
      limit: spent.limit,
      remaining: spent.limit,
      reset: ended,
      syncedAt: afterSync.syncedAt,
    });
    expect(githubCalls()).toEqual([]);
  });
});
