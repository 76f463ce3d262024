import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator, userIdOfGithubLogin } from '../../../test-github.js';
import { ACCOUNT_RESOURCE } from '../../github-sync/sync-constants.js';
import { updateSyncState } from '../../connections/sync-state.repository.js';
import { storeRepository } from '../../github-store/__tests__/store-fixtures.js';
import { saveCommits } from '../../github-store/github-store.repository.js';
import { DAY_MS } from '../../../lib/clock.js';

const emulator = useEmulator({ repos: 6, richRepos: 2, projects: 1, rateLimits: false });

describe.each(testDialects)('a slow or garbled GitHub on %s', (dialect) => {
  const t = useTestApp(dialect, {
    githubTimeoutMs: 400,
    get github() {
      return emulator.githubConfig;
    },
  });

  async function ageTheCache() {
    await t.database.db.updateTable('github_cache').set({ fetched_at: 0 }).execute();
  }

  function storedBodies(fragment: string) {
    return t.database.db
      .selectFrom('github_cache')
      .select('body')
      .where('url', 'like', `%${fragment}%`)
      .execute();
  }

  it('gives up on a GitHub slower than the deadline: last good answer, or a clear 502', async () => {
    const token = await signInWithGithub(t.app);
    const url = '/api/github/repos/octocat/hello-world/languages';
    const good = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(good.statusCode).toBe(200);
    await ageTheCache();

    // Far longer than the 400 ms deadline: without one, these requests would answer 200 late.
    const fault = emulator.handle.faults.add({
      area: 'github',
      pathPattern: '/hello-world/(languages|branches)',
      latencyMs: 4_000,
    });
    try {
      const stale = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toEqual(good.json());

      const neverSeen = await t.app.inject({
        method: 'GET',
        url: '/api/github/repos/octocat/hello-world/branches',
        headers: bearer(token),
      });
      expect(neverSeen.statusCode).toBe(502);
      expect(neverSeen.json()).toMatchObject({ success: false, code: 'PROVIDER_ERROR' });
    } finally {
      emulator.handle.faults.remove(fault.id);
    }
  });

  it('never stores a malformed answer, and recovers as soon as the fault clears', async () => {
    const token = await signInWithGithub(t.app);
    const url = '/api/github/repos/octocat/hello-world/commits';
    const fault = emulator.handle.faults.add({
      area: 'github',
      pathPattern: '/hello-world/commits',
      malformedRate: 1,
    });
    try {
      const during = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(during.statusCode).toBe(502);
      expect(during.json()).toMatchObject({ success: false, code: 'PROVIDER_ERROR' });
      expect(await storedBodies('/hello-world/commits')).toEqual([]);
    } finally {
      emulator.handle.faults.remove(fault.id);
    }

    const after = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(after.statusCode).toBe(200);
    const stored = await storedBodies('/hello-world/commits');
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(typeof JSON.parse(row.body)).toBe('object');
  });

  it('keeps serving the last good answer while GitHub garbles, without overwriting it', async () => {
    const token = await signInWithGithub(t.app);
    const url = '/api/github/repos/octocat/hello-world/branches';
    const good = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(good.statusCode).toBe(200);
    await ageTheCache();
    const fault = emulator.handle.faults.add({
      area: 'github',
      pathPattern: '/hello-world/branches',
      malformedRate: 1,
    });
    try {
      const during = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(during.statusCode).toBe(200);
      expect(during.json()).toEqual(good.json());
    } finally {
      emulator.handle.faults.remove(fault.id);
    }
    await ageTheCache();
    const after = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(after.json()).toEqual(good.json());
  });

  it('ignores an unparsed body an older version stored, and asks GitHub again', async () => {
    const token = await signInWithGithub(t.app);
    const url = '/api/github/repos/octocat/hello-world/languages';
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(
      200,
    );
    // What the old code stored for a cut-short answer: the raw text, kept with the real ETag.
    await t.database.db
      .updateTable('github_cache')
      .set({ body: JSON.stringify('{"TypeScript": 12'), fetched_at: Date.now() })
      .where('url', 'like', '%/hello-world/languages%')
      .execute();
    const healed = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(healed.statusCode).toBe(200);
    expect(healed.json()).toMatchObject({ success: true });
  });
});

describe.each(testDialects)('dashboard stats from the synced store on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  const stats = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/github/stats', headers: bearer(token) });

  it('adds no cache rows and asks GitHub nothing, however often it is called', async () => {
    const token = await signInWithGithub(t.app);
    const countRows = async () =>
      (await t.database.db.selectFrom('github_cache').select('url').execute()).length;
    const rowsBefore = await countRows();
    const lastId = emulator.handle.requestLog.list().at(-1)?.id ?? 0;
    for (let call = 0; call < 3; call += 1) expect((await stats(token)).statusCode).toBe(200);
    expect(await countRows()).toBe(rowsBefore);
    expect(emulator.handle.requestLog.list({ area: 'github', sinceId: lastId })).toHaveLength(0);
  });

  it('reports commits as unknown (null), never 0, until a sync has succeeded', async () => {
    const token = await signInWithGithub(t.app);
    const synced = await stats(token);
    expect(synced.json<{ data: { totalCommits: number | null } }>().data.totalCommits).toEqual(
      expect.any(Number),
    );
    // As if the first sync had never finished: the store cannot tell how many commits there are.
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    await updateSyncState(
      t.database.db,
      { userId, provider: 'github', resource: ACCOUNT_RESOURCE },
      { last_success_at: null },
    );
    const unknown = await stats(token);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ data: { totalCommits: null } });
  });

  // The card says "Commits (30 days)": the user's own commits across synced repositories, dated
  // within the last 30 days; older ones and other people's do not count.
  it('counts the user’s commits of the last 30 days across synced repositories', async () => {
    const token = await signInWithGithub(t.app);
    const commitsNow = async () =>
      (await stats(token)).json<{ data: { totalCommits: number | null } }>().data.totalCommits;
    const before = await commitsNow();
    expect(before).toEqual(expect.any(Number));

    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    await storeRepository(t.database.db, userId, { id: 9_300_001, owner: 'octocat', name: 'a' });
    await storeRepository(t.database.db, userId, { id: 9_300_002, owner: 'acme', name: 'b' });
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    const commit = (repositoryId: number, sha: string, login: string, committedAt: string) =>
      saveCommits(t.database.db, [
        {
          repository_id: repositoryId,
          sha,
          html_url: `https://github.com/x/y/commit/${sha}`,
          message: 'A commit',
          author_name: null,
          author_login: login,
          author_avatar_url: null,
          committed_at: committedAt,
          committer_date: committedAt,
          synced_at: new Date().toISOString(),
        },
      ]);
    await commit(9_300_001, 'c1'.repeat(20), 'octocat', daysAgo(1));
    await commit(9_300_002, 'c2'.repeat(20), 'octocat', daysAgo(29));
    await commit(9_300_001, 'c3'.repeat(20), 'octocat', daysAgo(31));
    await commit(9_300_002, 'c4'.repeat(20), 'someone-else', daysAgo(2));

    expect(await commitsNow()).toBe((before ?? 0) + 2);
  });
});
