import { syncResultSchema } from '@shipdeck/shared/github';
import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { useEmulator } from '../../../test-github.js';
import { syncVercelAccount } from '../vercel-sync.js';
import { connectVercel } from '../../../test-vercel.js';

const emulator = useEmulator({ repos: 6, richRepos: 2, projects: 2, deploymentsPerProject: 4 });

describe.each(testDialects)('GET /api/vercel/sync on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get vercel() {
      return emulator.vercelConfig;
    },
  });

  const status = async (token: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/vercel/sync',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return syncResultSchema.parse(response.json<{ data: unknown }>().data);
  };

  it('says when Vercel is failing, keeping the time of the last good data', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    const never = await status(token);
    expect(never.syncedAt).toBeNull();
    expect(never.sync.lastError).toBeNull();

    await connectVercel(t.app, token, { token: emulator.handle.demo.vercelToken });
    const good = await status(token);
    expect(good.syncedAt).not.toBeNull();
    expect(good.sync.lastError).toBeNull();

    const outage = emulator.handle.faults.add({ area: 'vercel', errorRate: 1, errorStatus: 503 });
    try {
      await expect(syncVercelAccount(t.app, userId)).rejects.toThrow();
    } finally {
      emulator.handle.faults.remove(outage.id);
    }
    const down = await status(token);
    expect(down.sync.lastError).toMatch(/503/);
    expect(down.syncedAt).toBe(good.syncedAt);
    expect(down.sync.lastAttemptAt).not.toBeNull();
    expect(down.sync.lastAttemptAt ?? '').not.toBe(good.syncedAt);

    await syncVercelAccount(t.app, userId);
    const back = await status(token);
    expect(back.sync.lastError).toBeNull();
    expect((back.syncedAt ?? '') > (good.syncedAt ?? '')).toBe(true);
  }, 30_000);

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/vercel/sync' });
    expect(response.statusCode).toBe(401);
  });
});
