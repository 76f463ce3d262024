import { rateLimitResultSchema } from '@shipdeck/shared/github';
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

  it('asks GitHub once before any sync, then reports the budget its sync last saw with no call', async () => {
    // Signed in; the initial sync is queued but has not run, so nothing is stored yet.
    const { location, cookie } = await playOAuth(t.app, { url: '/auth/github' });
    const { token } = await exchangeLanding(t.app, location, cookie);
    if (!token) throw new Error('GitHub sign-in failed');
    const rateLimit = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/github/rate-limit',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      return rateLimitResultSchema.parse(response.json<{ data: unknown }>().data);
    };

    emulator.handle.requestLog.clear();
    const first = await rateLimit();
    expect(githubCalls().map((entry) => entry.url.split('?')[0])).toEqual(['/api/v3/rate_limit']);
    const core = await githubCore();
    expect(first).toMatchObject({
      limit: core.limit,
      remaining: core.remaining,
      reset: new Date(core.reset * 1000).toISOString(),
    });

    emulator.handle.requestLog.clear();
    expect(await rateLimit()).toEqual(first);
    expect(githubCalls()).toEqual([]);

    const syncStarted = new Date().toISOString();
    await t.app.jobs.drain();
    const syncEnded = new Date().toISOString();
    const spent = await githubCore();
    // The sync spent core budget, which the route must now report as the headers told it.
    expect(spent.remaining).toBeLessThan(core.remaining);

    emulator.handle.requestLog.clear();
    const afterSync = await rateLimit();
    expect(githubCalls()).toEqual([]);
    expect(afterSync).toMatchObject({
      limit: spent.limit,
      remaining: spent.remaining,
      reset: new Date(spent.reset * 1000).toISOString(),
    });
    expect(afterSync.syncedAt >= syncStarted && afterSync.syncedAt <= syncEnded).toBe(true);
  });
});
