import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../../test-github.js';
import { VercelApiError, VercelClient } from '../vercel-client.js';

const emulator = useEmulator({ repos: 4, richRepos: 1, projects: 2, deploymentsPerProject: 3 });

// The emulator's request log shows each attempt the SDK made, so a retry is seen, not assumed.
describe('Vercel client retries', () => {
  const client = (retryForMs: number) =>
    new VercelClient(
      { apiUrl: emulator.handle.vercelApiUrl, retryForMs },
      emulator.handle.demo.vercelToken,
      null,
    );
  const userCalls = () =>
    emulator.handle.requestLog
      .list({ area: 'vercel' })
      .filter((entry) => entry.url.startsWith('/v2/user'));

  it.each([502, 503])(
    'retries a %i with backoff and answers once Vercel recovers',
    async (status) => {
      emulator.handle.requestLog.clear();
      emulator.handle.faults.add({ area: 'vercel', errorRate: 1, errorStatus: status, times: 2 });
      const started = Date.now();
      const user = await client(5_000).user();
      expect(user.username).toBe('octocat');
      expect(userCalls().map((entry) => entry.status)).toEqual([status, status, 200]);
      // Backoff starts at 250 ms and doubles: two waits take at least 250 + 500 ms less jitter.
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    },
  );

  it('retries a 429 and answers once the limit lifts', async () => {
    emulator.handle.requestLog.clear();
    emulator.handle.faults.add({ area: 'vercel', rateLimit: 'primary', times: 1 });
    const user = await client(5_000).user();
    expect(user.username).toBe('octocat');
    expect(userCalls().map((entry) => entry.status)).toEqual([429, 200]);
  });

  it('gives up after its retry window and reports Vercel as unavailable', async () => {
    emulator.handle.requestLog.clear();
    const outage = emulator.handle.faults.add({ area: 'vercel', errorRate: 1, errorStatus: 503 });
    try {
      const error: unknown = await client(600)
        .user()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(VercelApiError);
      expect((error as VercelApiError).kind).toBe('unavailable');
      expect(userCalls().length).toBeGreaterThan(1);
    } finally {
      emulator.handle.faults.remove(outage.id);
    }
  });

  it('does not retry a refused token', async () => {
    emulator.handle.requestLog.clear();
    const refused = new VercelClient(
      { apiUrl: emulator.handle.vercelApiUrl, retryForMs: 5_000 },
      'vercel_emu_not_a_token',
      null,
    );
    const error: unknown = await refused.user().catch((caught: unknown) => caught);
    expect((error as VercelApiError).kind).toBe('invalid-token');
    expect(userCalls()).toHaveLength(1);
  });
});
