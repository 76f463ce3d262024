import {
  commitsResultSchema,
  pullsResultSchema,
  reposResultSchema,
  statsResultSchema,
  activityResultSchema,
} from '@shipdeck/shared/github';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { RetryLaterError } from '../../../jobs/job-queue.js';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { requestGithubSync } from '../request-github-sync.js';
import { syncGithubAccount } from '../sync-github-account.js';

const emulator = useEmulator({ repos: 40, richRepos: 6, projects: 2 });

function dataOf<T>(response: { json: () => unknown }, schema: { parse: (value: unknown) => T }): T {
  return schema.parse((response.json() as { data: unknown }).data);
}

describe.each(testDialects)('GitHub sync into the store on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  afterEach(() => {
    emulator.handle.faults.clear();
    emulator.handle.resetRateLimits();
  });

  async function userIdOf(login: string): Promise<string> {
    const row = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('github_login', '=', login)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('after the initial sync, lists, stats and activity never reach GitHub', async () => {
    const token = await signInWithGithub(t.app);
    emulator.handle.requestLog.clear();

    const repos = dataOf(await get('/api/github/repos?perPage=100', token), reposResultSchema);
    expect(repos.pagination.total).toBeGreaterThanOrEqual(40);
    expect(repos.syncedAt).not.toBeNull();
    expect(repos.sync).toMatchObject({ phase: null, lastError: null });
    const emulated = [...emulator.handle.world.repos.values()].filter((repo) =>
      emulator.handle.world.fullName(repo).startsWith('octocat/'),
    );
    for (const repo of emulated) {
      expect(repos.repositories.map((r) => r.id)).toContain(repo.id);
    }

    const pulls = dataOf(
      await get('/api/github/pull-requests?perPage=100', token),
      pullsResultSchema,
    );
    expect(pulls.pagination.total).toBeGreaterThan(0);
    const merged = dataOf(
      await get('/api/github/pull-requests?filter=merged&sort=created', token),
      pullsResultSchema,
    );
    expect(merged.pullRequests.every((pull) => pull.merged)).toBe(true);
    const created = merged.pullRequests.map((pull) => pull.created_at);
    expect(created).toEqual([...created].sort().reverse());

    const stats = dataOf(await get('/api/github/stats', token), statsResultSchema);
    expect(stats.totalRepos).toBe(repos.pagination.total);
    expect(stats.totalStars).toBe(
      repos.repositories.reduce((sum, r) => sum + r.stargazers_count, 0),
    );
    // One day of history only: no month-old snapshot to compare with.
    expect(stats.changes.totalStars).toBeNull();

    const activity = dataOf(await get('/api/github/activity?days=14', token), activityResultSchema);
    expect(activity.daily).toHaveLength(14);
    expect(activity.daily.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));

    const newest = repos.repositories[0];
    const commits = dataOf(
      await get(`/api/github/repos/${newest?.full_name ?? ''}/commits?perPage=5`, token),
      commitsResultSchema,
    );
    expect(commits.syncedAt).toBe(repos.syncedAt);

    expect(emulator.handle.requestLog.list({ area: 'github' })).toEqual([]);
  });

  it('shows a change after the next refresh, and an unchanged account costs only 304s', async () => {
    const token = await signInWithGithub(t.app);
    const userId = await userIdOf('octocat');
    const refresh = async () => {
      await requestGithubSync(t.app, userId, 'refresh');
      await t.app.jobs.drain();
    };
    await refresh();

    emulator.handle.requestLog.clear();
    await refresh();
    const quiet = emulator.handle.requestLog.list({ area: 'github' });
    expect(quiet.length).toBeGreaterThan(0);
    expect(quiet.filter((entry) => !entry.notModified)).toEqual([]);

    const target = [...emulator.handle.world.repos.values()].find(
      (repo) => emulator.handle.world.fullName(repo) === 'octocat/hello-world',
    );
    const activity = await emulator.handle.triggerActivity({
      kind: 'push',
      repo: 'octocat/hello-world',
      waitForDeployment: false,
    });
    // GitHub renders times to the second.
    const pushedAt = new Date(target?.pushedAt ?? 0).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(activity.commitSha).not.toBeNull();
    const before = dataOf(await get('/api/github/repos?q=hello-world', token), reposResultSchema);
    expect(before.repositories[0]?.pushed_at).not.toBe(pushedAt);

    await refresh();
    const after = dataOf(
      await get('/api/github/repos?sort=updated&q=hello-world', token),
      reposResultSchema,
    );
    expect(after.repositories[0]?.pushed_at).toBe(pushedAt);
    const commits = dataOf(
      await get('/api/github/repos/octocat/hello-world/commits?perPage=5', token),
      commitsResultSchema,
    );
    expect(commits.commits.map((commit) => commit.sha)).toContain(activity.commitSha);
  }, 30_000);

  it('serves the last good data with its syncedAt while GitHub fails, and stores no unreadable body', async () => {
    const token = await signInWithGithub(t.app);
    const userId = await userIdOf('octocat');
    const good = dataOf(await get('/api/github/repos', token), reposResultSchema);

    emulator.handle.faults.add({ area: 'github', errorRate: 1, errorStatus: 502 });
    await expect(syncGithubAccount(t.app, { userId, reason: 'initial' })).rejects.toThrow();
    const during = dataOf(await get('/api/github/repos', token), reposResultSchema);
    expect(during.repositories).toEqual(good.repositories);
    expect(during.syncedAt).toBe(good.syncedAt);
    expect(during.sync.lastError).toBe('GitHub answered 502');

    emulator.handle.faults.clear();
    emulator.handle.faults.add({ area: 'github', malformedRate: 1 });
    await expect(syncGithubAccount(t.app, { userId, reason: 'initial' })).rejects.toThrow();
    const malformed = dataOf(await get('/api/github/repos', token), reposResultSchema);
    expect(malformed.repositories).toEqual(good.repositories);
    expect(malformed.sync.lastError).toBe('GitHub sent an unreadable answer');
  });

  /** The queued (not finished) jobs of one key, from whichever engine runs them. */
  async function pendingJobsOf(key: string): Promise<{ retryCount: number; runAt: number }[]> {
    if (t.app.jobs.engine === 'sqlite') {
      const rows = await t.database.db
        .selectFrom('jobs')
        .select(['retry_count', 'run_at'])
        .where('singleton_key', '=', key)
        .where('state', 'not in', ['completed'])
        .execute();
      return rows.map((row) => ({ retryCount: row.retry_count, runAt: Date.parse(row.run_at) }));
    }
    // pg-boss keeps its jobs beside the app's tables in the test schema.
    const schema = t.database.config.dialect === 'postgres' ? t.database.config.schema : undefined;
    const { rows } = await sql<{ retry_count: number; start_after: Date }>`
      select retry_count, start_after from ${sql.table(`${schema ?? 'pgboss'}.job`)}
      where singleton_key = ${key} and state in ('created', 'retry')`.execute(t.database.db);
    return rows.map((row) => ({ retryCount: row.retry_count, runAt: row.start_after.getTime() }));
  }

  it('defers the sync when the rate limit is exhausted instead of failing it', async () => {
    await signInWithGithub(t.app);
    const userId = await userIdOf('octocat');
    emulator.handle.faults.add({ area: 'github', rateLimit: 'primary' });
    await requestGithubSync(t.app, userId, 'initial');
    await t.app.jobs.drain();
    const deferred = await pendingJobsOf(`github:${userId}`);
    expect(deferred).toHaveLength(1);
    expect(deferred[0]?.retryCount).toBe(0);
    expect(deferred[0]?.runAt).toBeGreaterThan(Date.now());

    const error: unknown = await syncGithubAccount(t.app, { userId, reason: 'initial' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RetryLaterError);
    expect((error as RetryLaterError).seconds).toBeGreaterThan(0);

    emulator.handle.faults.clear();
    emulator.handle.faults.add({ area: 'github', rateLimit: 'secondary' });
    const secondary: unknown = await syncGithubAccount(t.app, { userId, reason: 'initial' }).catch(
      (caught: unknown) => caught,
    );
    expect(secondary).toBeInstanceOf(RetryLaterError);
    expect((secondary as RetryLaterError).seconds).toBe(60);
  });

  it('stores a shared repository once and never shows one user another user’s private repository', async () => {
    const octocat = await signInWithGithub(t.app, 'octocat');
    const hubot = await signInWithGithub(t.app, 'hubot');
    const mine = dataOf(await get('/api/github/repos?perPage=100', octocat), reposResultSchema);
    const theirs = dataOf(await get('/api/github/repos?perPage=100', hubot), reposResultSchema);
    const secret = mine.repositories.find((repo) => repo.full_name === 'octocat/secret-plans');
    expect(secret?.private).toBe(true);
    expect(theirs.repositories.map((repo) => repo.id)).not.toContain(secret?.id);
    const searched = dataOf(
      await get('/api/github/repos?q=secret-plans', hubot),
      reposResultSchema,
    );
    expect(searched.repositories).toEqual([]);

    const shared = theirs.repositories.find((repo) =>
      mine.repositories.some((other) => other.id === repo.id),
    );
    expect(shared).toBeDefined();
    const rows = await t.database.db
      .selectFrom('github_repositories')
      .select('id')
      .where('id', '=', shared?.id ?? 0)
      .execute();
    expect(rows).toHaveLength(1);

    // Deleting hubot keeps the shared row octocat still sees, and drops hubot's own.
    const hubotOnly = theirs.repositories.find(
      (repo) => !mine.repositories.some((other) => other.id === repo.id),
    );
    const hubotId = await userIdOf('hubot');
    const username = (
      await t.database.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', hubotId)
        .executeTakeFirstOrThrow()
    ).username;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/auth/account',
      headers: bearer(hubot),
      payload: { confirmation: username },
    });
    expect(deleted.statusCode).toBe(200);
    const left = await t.database.db.selectFrom('github_repositories').select('id').execute();
    const ids = left.map((row) => Number(row.id));
    expect(ids).toContain(shared?.id);
    expect(ids).not.toContain(hubotOnly?.id);
    const access = await t.database.db
      .selectFrom('github_repository_access')
      .select('user_id')
      .where('user_id', '=', hubotId)
      .execute();
    expect(access).toEqual([]);
  });
});
