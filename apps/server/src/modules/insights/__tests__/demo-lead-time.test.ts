import { doraResultSchema } from '@shipdeck/shared/insights';
import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { connectVercel } from '../../../test-vercel.js';

// The demo's own shape: many rich repositories competing for the detailed sync.
const emulator = useEmulator({ repos: 40, richRepos: 24, projects: 8, deploymentsPerProject: 14 });

describe.each(testDialects)("the emulator's demo world on %s", (dialect) => {
  const t = useTestApp(dialect, {
    get vercel() {
      return emulator.vercelConfig;
    },
    get github() {
      return emulator.githubConfig;
    },
  });

  it('gives lead times of hours, not zero: commits are authored before the push that deploys them', async () => {
    const token = await signInWithGithub(t.app);
    await connectVercel(t.app, token, { token: emulator.handle.demo.vercelToken });

    for (const days of [30, 90]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/insights/dora?days=${days}`,
        headers: bearer(token),
      });
      const { metrics } = doraResultSchema.parse(response.json<{ data: unknown }>().data);
      expect(metrics.leadTime.changeCount, `${days} days`).toBeGreaterThan(0);
      // Direct pushes land 20 min to 36 h after they were authored; merges add minutes.
      expect(metrics.leadTime.medianMinutes ?? 0, `${days} days`).toBeGreaterThan(60);
      expect(metrics.leadTime.medianMinutes ?? 0, `${days} days`).toBeLessThan(7 * 24 * 60);
    }
  }, 60_000);
});
