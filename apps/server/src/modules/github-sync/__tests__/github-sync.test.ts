import { pullsResultSchema, reposResultSchema, statsResultSchema } from '@shipdeck/shared/github';
import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { syncGithubAccount } from '../sync-github-account.js';

const emulator = useEmulator({ repos: 40, richRepos: 6, projects: 2 });

function dataOf<T>(response: { json: () => unknown }, schema: { parse: (value: unknown) => T }): T {
  return schema.parse((response.json() as { data: unknown }).data);
}

async function userIdOf(t: ReturnType<typeof useTestApp>, login: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('github_login', '=', login)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(testDialects)('GitHub sync into the store on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  it('syncs on sign-in, then answers lists and stats without asking GitHub', async () => {
    const token = await signInWithGithub(t.app);
    const userId = await userIdOf(t, 'octocat');
    const result = await syncGithubAccount(t.app, { userId, reason: 'initial' });
    expect(result.requests).toBeGreaterThan(0);
    emulator.handle.requestLog.clear();
    const repos = await t.app.inject({ method: 'GET', url: '/api/github/repos', headers: bearer(token) });
    const body = dataOf(repos, reposResultSchema);
    expect(body.pagination.total).toBeGreaterThanOrEqual(40);
    expect(body.syncedAt).not.toBeNull();
    const pulls = dataOf(
      await t.app.inject({ method: 'GET', url: '/api/github/pull-requests', headers: bearer(token) }),
      pullsResultSchema,
    );
    expect(pulls.pagination.total).toBeGreaterThan(0);
    dataOf(
      await t.app.inject({ method: 'GET', url: '/api/github/stats', headers: bearer(token) }),
      statsResultSchema,
    );
    expect(emulator.handle.requestLog.list({ area: 'github' })).toEqual([]);
  });
});
