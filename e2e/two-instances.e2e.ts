import { fileURLToPath } from 'node:url';
import type { EmulatorHandle } from '@shipdeck/emulator/start-emulator';
import { startEmulator } from '@shipdeck/emulator/start-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/launch-browser.js';
import type { ProcessDatabase, ServerProcess } from './support/server-process.js';
import {
  call,
  createProcessDatabase,
  killAllServerProcesses,
  newEncryptionKey,
  serverEnv,
  signUp,
  startServerProcess,
  waitFor,
} from './support/server-process.js';

const postgresUrl = process.env.TEST_DATABASE_URL;
const ACCOUNT_LIMIT = 4;

describe.skipIf(!postgresUrl)('two server processes over one PostgreSQL', () => {
  let emulator: EmulatorHandle;
  let database: ProcessDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    emulator = await startEmulator({
      port: 0,
      seed: 5,
      repos: 30,
      warmUp: false,
      rateLimits: false,
    });
    database = await createProcessDatabase('postgres');
    const env = serverEnv(emulator, database.url, {
      ENCRYPTION_KEY: newEncryptionKey(),
      AUTH_RATE_LIMIT_PER_ACCOUNT: String(ACCOUNT_LIMIT),
      // Both serve the built app: a browser page on one hears of what the other did.
      WEB_DIST_DIR: fileURLToPath(new URL('../apps/web/dist', import.meta.url)),
    });
    // Both start at the same moment on the empty database: both migrate, neither may fail.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await killAllServerProcesses();
    await database?.drop();
    await emulator?.close();
  });

  it('ran each migration once although both started on the empty database together', async () => {
    for (const server of [a, b])
      expect((await call(server.url, 'GET', '/health')).status).toBe(200);
    const names = (
      await database.rows<{ name: string }>('select name from kysely_migration order by name')
    ).map((row) => row.name);
    expect(names).toContain('2026-11-22-001-accounts');
    expect(names.length).toBeGreaterThanOrEqual(15);
    expect(new Set(names).size).toBe(names.length);
    // pg-boss installed its schema once too.
    expect(await database.rows('select version from pgboss.version')).toHaveLength(1);
  });

  it('accept on one a session made on the other', async () => {
    const { token, email } = await signUp(a.url, 'twin');
    const me = await call<{ data: { user: { email: string } } }>(b.url, 'GET', '/auth/me', {
      token,
    });
    expect(me.status).toBe(200);
    expect(me.body.data.user.email).toBe(email);
    expect((await call(b.url, 'POST', '/auth/logout', { token })).status).toBeLessThan(300);
    expect((await call(a.url, 'GET', '/auth/me', { token })).status).toBe(401);
  });

  // Each instance keeps signed-in sessions in memory; the database's triggers tell every instance
  // when a user or session row changes. Warmed on B, revoked on A: refused on B at once.
  it('refuse on one a session revoked or changed on the other right after', async () => {
    const warm = async (server: ServerProcess, token: string) => {
      // Several reads, spaced, so B holds the session after the sign-in's own announcements.
      for (let read = 0; read < 5; read += 1) {
        expect((await call(server.url, 'GET', '/auth/me', { token })).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    for (let round = 0; round < 3; round += 1) {
      const { token } = await signUp(a.url, `revoke${round}`);
      await warm(b, token);
      await warm(a, token);
      expect((await call(a.url, 'POST', '/auth/logout', { token })).status).toBeLessThan(300);
      expect((await call(b.url, 'GET', '/auth/me', { token })).status).toBe(401);
    }

    const { token, email } = await signUp(a.url, 'change');
    const second = await call<{ data: { token: string } }>(b.url, 'POST', '/auth/login', {
      body: { email, password: 'correct-horse-1' },
    });
    expect(second.status).toBe(200);
    const other = second.body.data.token;
    await warm(b, token);
    await warm(b, other);
    const renamed = await call(a.url, 'PUT', '/auth/profile', {
      token,
      body: { displayName: 'Renamed On A', email },
    });
    expect(renamed.status).toBe(200);
    const seen = await call<{ data: { user: { displayName: string } } }>(b.url, 'GET', '/auth/me', {
      token,
    });
    expect(seen.body.data.user.displayName).toBe('Renamed On A');

    const changed = await call(a.url, 'PUT', '/auth/password', {
      token,
      body: { currentPassword: 'correct-horse-1', newPassword: 'brand-new-secret-2' },
    });
    expect(changed.status).toBe(200);
    expect((await call(b.url, 'GET', '/auth/me', { token: other })).status).toBe(401);
    expect((await call(b.url, 'GET', '/auth/me', { token })).status).toBe(200);

    const deleted = await call(a.url, 'DELETE', '/auth/account', {
      token,
      body: { password: 'brand-new-secret-2' },
    });
    expect(deleted.status).toBeLessThan(300);
    expect((await call(b.url, 'GET', '/auth/me', { token })).status).toBe(401);
  });

  it('count login attempts against one limit across both', async () => {
    const { email } = await signUp(a.url, 'limit');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < ACCOUNT_LIMIT + 2; attempt += 1) {
      const server = attempt % 2 === 0 ? a : b;
      const login = await call(server.url, 'POST', '/auth/login', {
        body: { email, password: 'wrong-password-1' },
      });
      statuses.push(login.status);
    }
    // Alternating, each instance saw only half: a per-process count would never reach the limit.
    expect(statuses).toEqual([...Array.from({ length: ACCOUNT_LIMIT }, () => 401), 429, 429]);
  });

  it('deliver an event produced on one to a browser connected to the other', async () => {
    const { token } = await signUp(a.url, 'live');
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ baseURL: a.url });
      await page.addInitScript((value) => localStorage.setItem('token', value), token);
      // Once the stream's answer has begun, A is listening for this user.
      const streamOpen = page.waitForResponse(
        (response) => response.url().includes('/api/events?') && response.status() === 200,
      );
      await page.goto('/dashboard');
      await streamOpen;
      const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
      expect(await bell.getAttribute('aria-label')).toBe('Notifications');
      // Connecting GitHub on B creates the welcome notification there, in B's request.
      const connect = await call(b.url, 'PUT', '/auth/github', {
        token,
        body: { token: 'ghp_emu_monalisa' },
      });
      expect(connect.status).toBe(200);
      await expect
        .poll(() => bell.getAttribute('aria-label'), { timeout: 30_000 })
        .toMatch(/^Notifications, \d+ unread$/);
      await bell.click();
      await page
        .getByRole('dialog', { name: 'Notifications' })
        .getByRole('button', { name: /^Welcome to Shipdeck/ })
        .waitFor({ timeout: 10_000 });
    } finally {
      await browser.close();
    }
  });

  it('run a periodic refresh once although both instances wake for its cron tick', async () => {
    const { token, email } = await signUp(b.url, 'cron');
    const connect = await call(b.url, 'PUT', '/auth/github', {
      token,
      body: { token: 'ghp_emu_hubot' },
    });
    expect(connect.status).toBe(200);
    const [user] = await database.rows<{ id: string }>(
      `select id from users where email = '${email}'`,
    );
    const mine = `user_id = '${user?.id}' and provider = 'github' and resource = 'account'`;
    const account = `sync_state where ${mine}`;
    await waitFor(
      async () =>
        (await database.rows(`select 1 from ${account} and last_success_at is not null`)).length ===
        1,
      30_000,
      'the first sync',
    );
    const [before] = await database.rows<{ last_success_at: string }>(
      `select last_success_at from ${account}`,
    );
    const firstRepoCalls = () =>
      emulator.requestLog
        .list({ area: 'github' })
        .filter((e) => e.actor === 'hubot' && /\/user\/repos\?.*page=1(&|$)/.test(e.url)).length;
    const callsBefore = firstRepoCalls();

    // Due now: the next per-minute tick, which both instances' schedulers see, must refresh once.
    // (No API call meanwhile: reading a due account's data would queue a refresh by itself.)
    const from = Date.now();
    await database.rows(
      `update sync_state set next_due_at = '2000-01-01T00:00:00.000Z' where ${mine}`,
    );
    await waitFor(
      async () => {
        const [row] = await database.rows<{ last_success_at: string }>(
          `select last_success_at from ${account}`,
        );
        return row?.last_success_at !== before?.last_success_at;
      },
      // Up to a minute to the next tick, then the refresh itself on a loaded machine.
      150_000,
      'the refresh after the cron tick',
    ).catch(async (error: unknown) => {
      // Say what the queues held, so a failure here can be told apart from a slow machine.
      const jobs = await database.rows(
        `select name, state, data, singleton_key, created_on, start_after, started_on, completed_on, output from pgboss.job where name in ('github-sync', 'github-refresh-due', '__pgboss__send-it') order by created_on`,
      );
      const state = await database.rows(`select * from sync_state where ${mine}`);
      throw new Error(`${String(error)}\n${JSON.stringify({ from, jobs, state }, null, 1)}`);
    });
    // Both keep polling every 200 ms: a second refresh would show up within this.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const to = Date.now();

    const refreshes = await database.rows(
      `select id from pgboss.job where name = 'github-sync' and data->>'userId' = '${user?.id}' and data->>'reason' = 'refresh'`,
    );
    expect(refreshes).toHaveLength(1);
    expect(firstRepoCalls() - callsBefore).toBe(1);
    const ticks = await database.rows<{ minute: string }>(
      `select date_trunc('minute', created_on)::text as minute from pgboss.job where name = 'github-refresh-due' and created_on >= to_timestamp(${Math.floor(from / 1000)})`,
    );
    // One tick per minute, not one per instance. pg-boss creates a minute's job a few seconds
    // into it, so the window may hold a tick without holding its minute's boundary.
    expect(ticks.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ticks.map((tick) => tick.minute)).size).toBe(ticks.length);
    expect(ticks.length).toBeLessThanOrEqual(
      Math.floor(to / 60_000) - Math.floor(from / 60_000) + 1,
    );
  }, 200_000);
});
