import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';

const emulator = useEmulator({ repos: 6, richRepos: 2, projects: 1 });

describe.each(testDialects)('conditional GitHub requests on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  /** Pretends the stored answers are older than GitHub's 60-second freshness. */
  async function ageTheCache() {
    await t.database.db.updateTable('github_cache').set({ fetched_at: 0 }).execute();
  }

  function githubRequestsFor(path: string, sinceId: number) {
    return emulator.handle.requestLog
      .list({ area: 'github', sinceId })
      .filter((entry) => entry.url.includes(path));
  }

  it('revalidates with If-None-Match, answers from the store on 304, and skips GitHub while fresh', async () => {
    const token = await signInWithGithub(t.app);
    // Languages are not synced: one of the few answers still fetched on demand.
    const url = '/api/github/repos/octocat/hello-world/languages';
    const lastId = () => emulator.handle.requestLog.list().at(-1)?.id ?? 0;

    const firstMark = lastId();
    const first = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(first.statusCode).toBe(200);
    expect(githubRequestsFor('/repos/octocat/hello-world/languages', firstMark)).toHaveLength(1);

    const freshMark = lastId();
    const fresh = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(fresh.json()).toEqual(first.json());
    expect(githubRequestsFor('/repos/octocat/hello-world/languages', freshMark)).toHaveLength(0);

    await ageTheCache();
    const staleMark = lastId();
    const revalidated = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(revalidated.json()).toEqual(first.json());
    const [request] = githubRequestsFor('/repos/octocat/hello-world/languages', staleMark);
    expect(request?.status).toBe(304);
    expect(request?.notModified).toBe(true);
  });

  it('sends concurrent requests for one URL to GitHub once, also when they revalidate', async () => {
    const token = await signInWithGithub(t.app);
    // Branches are fetched on demand; a page and its neighbours may ask for them at once.
    // A repository no other test here reads, so the burst starts with nothing stored.
    const url = '/api/github/repos/octocat/shipdeck/branches';
    const path = '/repos/octocat/shipdeck/branches';
    const lastId = () => emulator.handle.requestLog.list().at(-1)?.id ?? 0;
    const burst = () =>
      Promise.all(
        Array.from({ length: 6 }, () =>
          t.app.inject({ method: 'GET', url, headers: bearer(token) }),
        ),
      );

    const coldMark = lastId();
    const cold = await burst();
    expect(cold.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(cold.map((answer) => answer.body)).size).toBe(1);
    expect(githubRequestsFor(path, coldMark)).toHaveLength(1);

    await ageTheCache();
    const staleMark = lastId();
    const stale = await burst();
    expect(stale.map((answer) => answer.body)).toEqual(cold.map((answer) => answer.body));
    expect(githubRequestsFor(path, staleMark).map((request) => request.status)).toEqual([304]);
  });

  it('serves the last good answer while GitHub is failing, and a clear 502 when nothing is stored', async () => {
    const token = await signInWithGithub(t.app);
    const url = '/api/github/repos/octocat/hello-world/languages';
    const good = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(good.statusCode).toBe(200);

    await ageTheCache();
    const fault = emulator.handle.faults.add({ area: 'github', errorRate: 1, errorStatus: 503 });
    try {
      const during = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(during.statusCode).toBe(200);
      expect(during.json()).toEqual(good.json());

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
});
