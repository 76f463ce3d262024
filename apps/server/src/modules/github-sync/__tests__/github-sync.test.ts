import {
  commitsResultSchema,
  pullsResultSchema,
  reposResultSchema,
  repositoryResultSchema,
  statsResultSchema,
  activityResultSchema,
} from '@shipdeck/shared/github';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { RetryLaterError } from '../../../jobs/job-queue.js';
import { bearer, dataOf, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator, userIdOfGithubLogin } from '../../../test-github.js';
import { deleteSyncStates, findSyncState } from '../../connections/sync-state.repository.js';
import { requestGithubSync } from '../request-github-sync.js';
import { ACCOUNT_RESOURCE } from '../sync-constants.js';
import { syncGithubAccount } from '../sync-github-account.js';

const emulator = useEmulator({ repos: 40, richRepos: 6, projects: 2 });

describe.each(testDialects)('GitHub sync into the store on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  afterEach(async () => {
    emulator.handle.faults.clear();
    emulator.handle.resetRateLimits();
    // The emulator's windows start again; so do the ones Shipdeck keeps of them.
    await t.database.db.deleteFrom('github_rate_windows').execute();
  });

  const userIdOf = (login: string) => userIdOfGithubLogin(t.database.db, login);

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

  it('serves one repository, its first commit page and its pulls from the store, 404 past access', async () => {
    const octocat = await signInWithGithub(t.app, 'octocat');
    const hubot = await signInWithGithub(t.app, 'hubot');
    const repos = dataOf(await get('/api/github/repos?perPage=100', octocat), reposResultSchema);
    // The most recently pushed repositories have their commits and pulls synced too.
    const newest = [...repos.repositories].sort((a, b) =>
      (b.pushed_at ?? '').localeCompare(a.pushed_at ?? ''),
    )[0];
    const name = newest?.full_name ?? '';
    expect(newest).toBeDefined();
    emulator.handle.requestLog.clear();

    const detail = dataOf(await get(`/api/github/repos/${name}`, octocat), repositoryResultSchema);
    expect(detail.repository).toEqual(newest);
    expect(detail.syncedAt).toBe(repos.syncedAt);
    expect(detail.sync.phase).toBeNull();
    // Names are matched as GitHub matches them: case-insensitively.
    const upper = await get(`/api/github/repos/${name.toUpperCase()}`, octocat);
    expect(upper.statusCode).toBe(200);

    const commits = dataOf(
      await get(`/api/github/repos/${name}/commits?perPage=30`, octocat),
      commitsResultSchema,
    );
    expect(commits.commits.length).toBeGreaterThan(0);
    const pulls = dataOf(
      await get(`/api/github/repos/${name}/pulls?state=all&perPage=30`, octocat),
      pullsResultSchema,
    );
    for (const pull of pulls.pullRequests) expect(pull.repository).toBe(name);

    // Another user's private repository, and one that does not exist: 404 from the store.
    const secret = await get('/api/github/repos/octocat/secret-plans', hubot);
    expect(secret.statusCode).toBe(404);
    expect(secret.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await get('/api/github/repos/octocat/no-such-repo', octocat)).statusCode).toBe(404);
    expect(emulator.handle.requestLog.list({ area: 'github' })).toEqual([]);
  }, 30_000);

  it('asks GitHub for a repository only while the user’s repositories are not synced yet', async () => {
    const token = await signInWithGithub(t.app);
    const userId = await userIdOf('octocat');
    await t.database.db
      .deleteFrom('github_repository_access')
      .where('user_id', '=', userId)
      .execute();
    await t.database.db
      .deleteFrom('sync_state')
      .where('user_id', '=', userId)
      .where('resource', '=', 'repositories')
      .execute();
    emulator.handle.requestLog.clear();
    const detail = dataOf(
      await get('/api/github/repos/octocat/hello-world', token),
      repositoryResultSchema,
    );
    expect(detail.repository.full_name).toBe('octocat/hello-world');
    const asked = emulator.handle.requestLog.list({ area: 'github' });
    expect(asked.map((entry) => entry.url)).toContain('/api/v3/repos/octocat/hello-world');
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
    // Beside the 304s, one GraphQL query (1 point) re-reads the ship status of the newest pulls.
    const graphql = quiet.filter((entry) => entry.url.endsWith('/api/graphql'));
    expect(graphql.length).toBeLessThanOrEqual(1);
    expect(quiet.filter((entry) => !entry.notModified && !graphql.includes(entry))).toEqual([]);

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
    // Something changed, so the repository list's page 1 comes back with a body (unchanged
    // pages are 304s, with none to misread).
    await emulator.handle.triggerActivity({
      kind: 'push',
      repo: 'octocat/hello-world',
      waitForDeployment: false,
    });
    emulator.handle.faults.add({ area: 'github', malformedRate: 1 });
    await expect(syncGithubAccount(t.app, { userId, reason: 'initial' })).rejects.toThrow();
    const malformed = dataOf(await get('/api/github/repos', token), reposResultSchema);
    expect(malformed.repositories).toEqual(good.repositories);
    expect(malformed.sync.lastError).toBe('GitHub sent an unreadable answer');
  });

  // PostgreSQL alone plans from statistics; SQLite has none to refresh.
  if (dialect === 'postgres') {
    it('a first sync leaves PostgreSQL the real size of every table it filled, for planning', async () => {
      await signInWithGithub(t.app);
      const { config } = t.database;
      const schema = (config.dialect === 'postgres' && config.schema) || 'public';
      const tables = [
        'github_repositories',
        'github_repository_access',
        'github_pull_requests',
        'github_pull_request_involvement',
        'github_commits',
      ];
      // reltuples is -1 until a table is analysed; ANALYZE of a small table counts every row.
      const { rows } = await sql<{ relname: string; reltuples: number }>`
        select c.relname, c.reltuples from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relname in (${sql.join(tables)})`.execute(t.database.db);
      for (const table of tables) {
        const counted = await t.database.db
          .selectFrom(table as 'github_commits')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(counted.n)).toBeGreaterThan(0);
        expect({ table, rows: rows.find((row) => row.relname === table)?.reltuples }).toEqual({
          table,
          rows: Number(counted.n),
        });
      }
    });
  }

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

    // The unchanged repository pages were free 304s; the search met the spent limit, and the
    // sync waits for that window (kept in the store, so a resumed run does not ask before).
    expect(error).toMatchObject({ resource: 'search' });
    emulator.handle.faults.clear();
    emulator.handle.resetRateLimits();
    await t.database.db.deleteFrom('github_rate_windows').execute();
    await t.database.db.deleteFrom('github_rate_budgets').execute();
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
  it('queues one initial sync however many requests arrive before or while it runs', async () => {
    // hubot: octocat still has the sync the rate-limit test deferred, which a new one joins.
    const token = await signInWithGithub(t.app, 'hubot');
    const userId = await userIdOf('hubot');
    // The sign-in's own sync and the ship-status job after it are done before the scene is set.
    await t.app.jobs.drain();
    // A connected account never synced: what a new user's first page views find.
    await deleteSyncStates(t.database.db, userId, 'github');
    emulator.handle.requestLog.clear();

    const first = dataOf(await get('/api/github/repos', token), reposResultSchema);
    // Queued or already under way (the worker may have picked it up), never "done".
    expect(first.sync.phase).not.toBeNull();
    expect(first.syncedAt).toBeNull();
    // The row is written with the job, so the requests below find it and queue nothing more.
    const state = await findSyncState(t.database.db, {
      userId,
      provider: 'github',
      resource: ACCOUNT_RESOURCE,
    });
    expect(state).toBeDefined();
    for (const url of ['/api/github/stats', '/api/github/pull-requests', '/api/github/repos']) {
      expect((await get(url, token)).statusCode).toBe(200);
    }

    await t.app.jobs.drain();
    // Each sync starts by asking for the first page of the user's repositories.
    const firstPages = emulator.handle.requestLog
      .list({ area: 'github' })
      .filter((entry) => entry.url.includes('/user/repos?') && entry.url.includes('&page=1'));
    expect(firstPages).toHaveLength(1);
    const after = dataOf(await get('/api/github/repos', token), reposResultSchema);
    expect(after.syncedAt).not.toBeNull();
    expect(await pendingJobsOf(`github:${userId}`)).toEqual([]);
  });
});
