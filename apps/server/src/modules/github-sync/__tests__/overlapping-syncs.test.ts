import { describe, expect, it } from 'vitest';
import { testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { syncGithubAccount } from '../sync-github-account.js';

const emulator = useEmulator({ repos: 250, richRepos: 2, projects: 1, warmUp: false });

/**
 * A sync job taken for dead (its process looked hung) is retried while the first run may still
 * be going: two runs of one account overlap. Neither may take away what the other confirmed.
 */
describe.each(testDialects)('overlapping syncs of one account on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  async function accessCount(userId: string) {
    const rows = await t.database.db
      .selectFrom('github_repository_access')
      .select('repository_id')
      .where('user_id', '=', userId)
      .execute();
    return rows.length;
  }

  it('leave every repository visible and the same recent repositories detailed', async () => {
    await signInWithGithub(t.app);
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('github_login', '=', 'octocat')
      .executeTakeFirstOrThrow();
    const settled = await accessCount(user.id);
    const detailed = async () =>
      (
        await t.database.db
          .selectFrom('sync_state')
          .select('resource')
          .where('user_id', '=', user.id)
          .where('resource', 'like', 'commits:%')
          .execute()
      )
        .map((row) => row.resource)
        .sort();
    const detailedBefore = await detailed();
    expect(settled).toBeGreaterThanOrEqual(250);

    // The second run starts once the first has listed some pages, as a retry would.
    emulator.handle.faults.add({
      id: 'overlap-latency',
      area: 'github',
      path: '/api/v3/user/repos',
      latencyMs: 30,
    });
    try {
      const older = syncGithubAccount(t.app, { userId: user.id, reason: 'initial' });
      await new Promise((resolve) => setTimeout(resolve, 70));
      const newer = syncGithubAccount(t.app, { userId: user.id, reason: 'initial' });
      await Promise.all([older, newer]);
    } finally {
      emulator.handle.faults.remove('overlap-latency');
    }

    expect(await accessCount(user.id)).toBe(settled);
    expect(await detailed()).toEqual(detailedBefore);
  }, 60_000);
});
