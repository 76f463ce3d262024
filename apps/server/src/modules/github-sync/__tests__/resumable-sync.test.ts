import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestLogEntry } from '@shipdeck/emulator/http/request-log';
import { syncResultSchema, type SyncResult } from '@shipdeck/shared/github';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import type { DatabaseConfig } from '../../../config/env.js';
import { createDatabase } from '../../../db/database.js';
import type { DatabaseHandle } from '../../../db/database.js';
import { bearer, testConfig, testDialects, type TestDialect } from '../../../test-app.js';
import {
  exchangeLanding,
  playOAuth,
  useEmulator,
  userIdOfGithubLogin,
} from '../../../test-github.js';
import { RateLimitWait } from '../../github-client/rate-limit-wait.js';
import { syncGithubAccount } from '../sync-github-account.js';

// About 300 pull requests involve octocat here: three search pages, so a search limit of two a
// window stops the first sync in the middle of its involvement search. The window is short so
// the test can wait it out (a wait, not a timed assertion). These tests meet REST search's limit,
// so they run on the REST path throughout: an emulator without GraphQL, as a GitHub Enterprise
// Server without it would be (with GraphQL, the slices after page 1 go by GraphQL search and meet
// the graphql window instead: graphql-search-slices.test.ts).
const SEARCH_LIMIT = 2;
const SEARCH_WINDOW_MS = 3000;
const emulator = useEmulator({
  repos: 40,
  richRepos: 24,
  projects: 1,
  rateLimits: { search: SEARCH_LIMIT, searchWindowMs: SEARCH_WINDOW_MS },
  graphql: false,
});

const postgresUrl = process.env.TEST_DATABASE_URL;

/** One database two app instances share: a SQLite file (one after the other) or a schema. */
async function openSharedDatabase(
  dialect: TestDialect,
): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'shipdeck-resume-'));
    return {
      config: { dialect: 'sqlite', filename: join(dir, 'shipdeck.db') },
      drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    config: { dialect: 'postgres', connectionString: postgresUrl, schema },
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: postgresUrl });
      await cleaner.connect();
      await cleaner.query(`drop schema ${schema} cascade`);
      await cleaner.end();
    },
  };
}

const searchCalls = (entries: RequestLogEntry[]) =>
  entries.filter((entry) => entry.url.startsWith('/api/v3/search/issues'));
const repositoryCalls = (entries: RequestLogEntry[]) =>
  entries.filter((entry) => entry.url.startsWith('/api/v3/user/repos'));
/** The query and page of a search call, as GitHub read them. */
const queryOf = (entry: RequestLogEntry | undefined) => {
  const params = new URL(entry?.url ?? '/', 'http://x').searchParams;
  return { q: params.get('q'), page: params.get('page') };
};

describe.each(testDialects)(
  'a GitHub sync stopped by a rate limit, REST search throughout (no GraphQL, as a GHES), on %s',
  (dialect) => {
    const instances: { app: FastifyInstance; handle: DatabaseHandle }[] = [];
    // Instances of one deployment share the key tokens are sealed with.
    const encryptionKey = randomBytes(32);
    let shared: { config: DatabaseConfig; drop: () => Promise<void> } | undefined;

    async function startInstance(): Promise<FastifyInstance> {
      if (!shared) throw new Error('no database');
      const config = testConfig({
        database: shared.config,
        github: emulator.githubConfig,
        encryptionKey,
      });
      const handle = createDatabase(config.database);
      const app = await buildApp({ config, database: handle });
      instances.push({ app, handle });
      return app;
    }

    /** Ends an instance as a killed process would leave things: its jobs stay in the database. */
    async function stopInstance(app: FastifyInstance): Promise<void> {
      const index = instances.findIndex((instance) => instance.app === app);
      const [instance] = instances.splice(index, 1);
      await instance?.app.close();
      await instance?.handle.destroy();
    }

    beforeAll(async () => {
      shared = await openSharedDatabase(dialect);
    });
    afterEach(async () => {
      emulator.handle.faults.clear();
      emulator.handle.resetRateLimits();
      for (const instance of [...instances]) await stopInstance(instance.app);
      await shared?.drop();
      shared = await openSharedDatabase(dialect);
    });
    afterAll(async () => {
      await shared?.drop();
    });

    async function signIn(app: FastifyInstance): Promise<{ token: string; userId: string }> {
      const { location, cookie } = await playOAuth(app, { url: '/auth/github' });
      const { token } = await exchangeLanding(app, location, cookie);
      if (!token) throw new Error('GitHub sign-in failed');
      return { token, userId: await userIdOfGithubLogin(app.db, 'octocat') };
    }

    async function syncStatus(app: FastifyInstance, token: string): Promise<SyncResult> {
      const response = await app.inject({
        method: 'GET',
        url: '/api/github/sync',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      return syncResultSchema.parse(response.json<{ data: unknown }>().data);
    }

    /** Waits out a wait the sync status reports (the emulator's window is seconds long). */
    async function waitFor(status: SyncResult): Promise<void> {
      const until = Date.parse(status.sync.waiting?.until ?? '');
      expect(until).toBeGreaterThan(Date.now() - 1000);
      await sleep(Math.max(0, until - Date.now()) + 300);
    }

    it('waits at a search limit, and resumes at the same slice and page without re-reading repositories', async () => {
      const app = await startInstance();
      const { token, userId } = await signIn(app);

      emulator.handle.requestLog.clear();
      const stopped: unknown = await syncGithubAccount(app, { userId, reason: 'initial' }).catch(
        (error: unknown) => error,
      );
      expect(stopped).toBeInstanceOf(RateLimitWait);
      expect(stopped).toMatchObject({ resource: 'search' });
      const first = emulator.handle.requestLog.list({ area: 'github' });
      const pages = repositoryCalls(first);
      expect(pages.length).toBeGreaterThan(0);
      // Paced, not refused: the store knew the window was spent and asked no more.
      expect(searchCalls(first)).toHaveLength(SEARCH_LIMIT);
      expect(searchCalls(first).every((entry) => entry.status === 200)).toBe(true);

      const waiting = await syncStatus(app, token);
      expect(waiting.syncedAt).toBeNull();
      expect(waiting.sync.lastError).toBeNull();
      expect(waiting.sync.waiting).toMatchObject({ limit: 'search' });
      expect(waiting.sync.phase).toBe('pull-requests');
      const doneBefore = waiting.sync.done ?? 0;
      expect(doneBefore).toBeGreaterThan(0);

      // Another app of the same token spends the new window first: GitHub answers 403 itself.
      await waitFor(waiting);
      emulator.handle.faults.add({
        area: 'github',
        path: '/api/v3/search/issues',
        rateLimit: 'primary',
        times: 1,
      });
      emulator.handle.requestLog.clear();
      const refused: unknown = await syncGithubAccount(app, { userId, reason: 'initial' }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(RateLimitWait);
      const second = emulator.handle.requestLog.list({ area: 'github' });
      expect(repositoryCalls(second)).toEqual([]);
      expect(searchCalls(second)).toHaveLength(1);
      expect(searchCalls(second)[0]?.status).toBe(403);
      const refusedAt = queryOf(searchCalls(second)[0]);
      const afterRefusal = await syncStatus(app, token);
      expect(afterRefusal.sync.lastError).toBeNull();
      expect(afterRefusal.sync.waiting).toMatchObject({ limit: 'search' });
      expect(afterRefusal.sync.done).toBe(doneBefore);

      await waitFor(afterRefusal);
      emulator.handle.requestLog.clear();
      const outcome = await syncGithubAccount(app, { userId, reason: 'initial' }).catch(
        (error: unknown) => error,
      );
      // It may meet the window once more for the review-request search; then it finishes.
      if (outcome instanceof RateLimitWait) {
        await waitFor(await syncStatus(app, token));
        await syncGithubAccount(app, { userId, reason: 'initial' });
      }
      const third = emulator.handle.requestLog.list({ area: 'github' });
      expect(repositoryCalls(third)).toEqual([]);
      // The refused request is asked again: the same slice and page, not page 1.
      expect(queryOf(searchCalls(third)[0])).toEqual(refusedAt);
      expect(refusedAt.page === '1' && refusedAt.q === 'is:pr involves:@me').toBe(false);
      expect(third.some((entry) => entry.status === 403)).toBe(false);

      const done = await syncStatus(app, token);
      expect(done.syncedAt).not.toBeNull();
      expect(done.sync.lastError).toBeNull();
      expect(done.sync.waiting ?? null).toBeNull();
    }, 60_000);

    it('a second instance finishes a sync whose process stopped during the wait', async () => {
      const first = await startInstance();
      const { token } = await signIn(first);
      emulator.handle.requestLog.clear();
      // The sign-in queued the first sync; the worker runs it until the search limit stops it.
      await first.jobs.drain();
      const before = emulator.handle.requestLog.list({ area: 'github' });
      const repositoryPages = repositoryCalls(before).length;
      expect(repositoryPages).toBeGreaterThan(0);
      const waiting = await syncStatus(first, token);
      expect(waiting.sync.waiting).toMatchObject({ limit: 'search' });
      expect(waiting.syncedAt).toBeNull();
      const lastSearch = searchCalls(before).at(-1);
      await stopInstance(first);

      const second = await startInstance();
      await waitFor(waiting);
      emulator.handle.requestLog.clear();
      // Until every wait is over: the deferred job, then the ship-status job it queues.
      for (let round = 0; round < 8; round += 1) {
        await second.jobs.drain();
        const status = await syncStatus(second, token);
        if (status.syncedAt && status.sync.phase === null) break;
        if (status.sync.waiting) await waitFor(status);
        else await sleep(500);
      }
      const after = emulator.handle.requestLog.list({ area: 'github' });

      expect(repositoryCalls(after)).toEqual([]);
      const resumedAt = queryOf(searchCalls(after)[0]);
      // It goes on below what the first instance read: not the first page of the first query.
      expect(resumedAt).not.toEqual({ q: 'is:pr involves:@me', page: '1' });
      expect(resumedAt).not.toEqual(queryOf(lastSearch));
      const done = await syncStatus(second, token);
      expect(done.syncedAt).not.toBeNull();
      expect(done.sync).toMatchObject({ lastError: null, phase: null });
    }, 60_000);

    it('two syncs of one token never go past the search limit together', async () => {
      const one = await startInstance();
      const { userId } = await signIn(one);
      // On SQLite the second "instance" is a second worker over the same store in this process.
      const two = dialect === 'postgres' ? await startInstance() : one;
      emulator.handle.requestLog.clear();
      const run = async (app: FastifyInstance) => {
        for (let round = 0; round < 12; round += 1) {
          try {
            await syncGithubAccount(app, { userId, reason: 'full' });
            return;
          } catch (error) {
            if (!(error instanceof RateLimitWait)) throw error;
            await sleep(Math.max(0, error.until.getTime() - Date.now()) + 100);
          }
        }
        throw new Error('the sync never finished');
      };
      await Promise.all([run(one), run(two)]);
      const searches = searchCalls(emulator.handle.requestLog.list({ area: 'github' }));
      // More searches than one window allows were made, and GitHub refused none of them.
      expect(searches.length).toBeGreaterThan(SEARCH_LIMIT);
      expect(searches.filter((entry) => entry.status !== 200 && !entry.notModified)).toEqual([]);
    }, 90_000);

    it('a full refresh of an unchanged account is answered by 304s', async () => {
      const app = await startInstance();
      const { userId } = await signIn(app);
      const finish = async (reason: 'initial' | 'full') => {
        for (let round = 0; round < 10; round += 1) {
          try {
            await syncGithubAccount(app, { userId, reason });
            return;
          } catch (error) {
            if (!(error instanceof RateLimitWait)) throw error;
            await sleep(Math.max(0, error.until.getTime() - Date.now()) + 100);
          }
        }
      };
      await finish('initial');
      await finish('full');

      emulator.handle.requestLog.clear();
      await finish('full');
      const calls = emulator.handle.requestLog.list({ area: 'github' });
      const gets = calls.filter((entry) => entry.method === 'GET');
      expect(repositoryCalls(gets).length).toBeGreaterThan(0);
      expect(searchCalls(gets)).toHaveLength(2);
      // Every list page (repositories, searches, commits, pulls) is a 304, and so is every REST
      // read of ship status (no GraphQL here).
      expect(gets.filter((entry) => !entry.notModified)).toEqual([]);
      expect(calls.filter((entry) => !entry.notModified).length).toBeLessThanOrEqual(10);
    }, 90_000);
  },
);
