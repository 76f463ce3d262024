import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { useEmulator } from '../../../test-github.js';
import { connectVercel } from '../../../test-vercel.js';
import { rowsMentioning } from './rows-of-user.js';

/** Tables that hold what GitHub and Vercel gave this user: all must be empty of them after. */
const PROVIDER_TABLES = [
  'provider_tokens',
  'github_cache',
  'github_daily_snapshots',
  'github_inbox_polls',
  'github_notification_threads',
  'github_pull_request_involvement',
  'github_repository_access',
  'sync_state',
  'vercel_connections',
  'vercel_projects',
  'vercel_deployments',
];
/** The account itself, which a disconnect keeps (delete-leaves-nothing covers their removal). */
// The audit log records the connections made and removed, by whom: it is the account's.
const ACCOUNT_TABLES = new Set(['users', 'sessions', 'notifications', 'events', 'audit_log']);

/** A job of either engine (SQLite `jobs`, pg-boss's per-queue tables): it has a state and a singleton key. */
const jobState = (row: unknown): string | undefined =>
  row !== null && typeof row === 'object' && 'state' in row && 'singleton_key' in row
    ? String(row.state)
    : undefined;
/** The PostgreSQL engine's record of the id pg-boss gave a key: job history, like the jobs. */
const isJobKey = (table: string) => table === 'job_keys';

const emulator = useEmulator({ repos: 3, richRepos: 1, projects: 2, rateLimits: false });

describe.each(testDialects)('no provider row of a disconnected user survives on %s', (dialect) => {
  const t = useTestApp(dialect, {
    publicUrl: 'http://127.0.0.1:3000',
    get github() {
      return emulator.githubConfig;
    },
    get vercel() {
      return { ...emulator.vercelConfig, serverToken: emulator.handle.demo.vercelToken };
    },
  });

  it('disconnecting GitHub and Vercel leaves only the account rows of the user', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    const github = await t.app.inject({
      method: 'PUT',
      url: '/auth/github',
      headers: bearer(token),
      payload: { token: emulator.handle.demo.githubToken },
    });
    expect(github.statusCode).toBe(200);
    await connectVercel(t.app, token, { useServerAccount: true });
    await t.app.jobs.drain();
    for (const url of [
      '/api/github/repos',
      '/api/vercel/projects',
      '/api/vercel/deployments',
      // Opening the inbox asks for its first GitHub notifications poll.
      '/api/notifications',
    ]) {
      await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    }
    await t.app.jobs.drain();
    // Branches and languages are read from GitHub on demand, through the ETag cache: since ship
    // status comes from GraphQL, the sync alone leaves no cached answer to check for.
    const repos = await t.app.inject({
      method: 'GET',
      url: '/api/github/repos',
      headers: bearer(token),
    });
    const [first] = repos.json<{ data: { repositories: { full_name: string }[] } }>().data
      .repositories;
    if (!first) throw new Error('the sync stored no repository');
    for (const detail of ['branches', 'languages']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/github/repos/${first.full_name}/${detail}`,
        headers: bearer(token),
      });
      expect(answer.statusCode).toBe(200);
    }
    const tablesBefore = new Set(
      (await rowsMentioning(t.database.db, dialect, [userId])).map((row) => row.table),
    );
    for (const table of PROVIDER_TABLES) expect(tablesBefore).toContain(table);

    for (const url of ['/auth/github', '/auth/vercel']) {
      const response = await t.app.inject({ method: 'DELETE', url, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
    }
    await t.app.jobs.drain();
    const left = await rowsMentioning(t.database.db, dialect, [userId]);
    // The job engines' history may name the user; nothing of theirs may still be queued.
    const jobs = left.filter((row) => jobState(row.row) !== undefined);
    expect(
      jobs.filter((row) => ['created', 'retry', 'active'].includes(jobState(row.row) ?? '')),
    ).toEqual([]);
    const rest = left.filter((row) => jobState(row.row) === undefined && !isJobKey(row.table));
    expect(rest.filter((row) => !ACCOUNT_TABLES.has(row.table))).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({
      data: { user: { githubId: null, vercelConnected: false } },
    });
  }, 30_000);
});
