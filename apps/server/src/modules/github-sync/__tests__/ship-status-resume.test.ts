import { syncResultSchema } from '@shipdeck/shared/github';
import { shipPullsResultSchema } from '@shipdeck/shared/insights';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import {
  exchangeLanding,
  playOAuth,
  useEmulator,
  userIdOfGithubLogin,
} from '../../../test-github.js';
import { RateLimitWait } from '../../github-client/rate-limit-wait.js';
import { syncGithubAccount } from '../sync-github-account.js';
import { openPullsForShipState } from '../../ship-status/ship-state.repository.js';
import { syncDeferredShipStates } from '../sync-ship-states.js';

const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 1 });

describe.each(testDialects)('the ship-status pass after a first sync on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  afterEach(() => {
    emulator.handle.faults.clear();
  });

  it('waits at a GraphQL limit with the pull requests still to ask for kept, then finishes them', async () => {
    const { location, cookie } = await playOAuth(t.app, { url: '/auth/github' });
    const { token } = await exchangeLanding(t.app, location, cookie);
    if (!token) throw new Error('GitHub sign-in failed');
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: unknown }>().data;
    };
    const outcome = await syncGithubAccount(t.app, { userId, reason: 'initial' });
    expect(outcome.shipStatusDeferred).toBeGreaterThan(0);

    emulator.handle.faults.add({
      area: 'github',
      path: '/api/graphql',
      rateLimit: 'secondary',
      times: 1,
    });
    const stopped: unknown = await syncDeferredShipStates(t.app, { userId }).catch(
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(RateLimitWait);
    expect(stopped).toMatchObject({ resource: 'secondary' });
    const waiting = syncResultSchema.parse(await get('/api/github/sync'));
    expect(waiting.sync).toMatchObject({
      phase: 'ship-status',
      lastError: null,
      waiting: { limit: 'secondary' },
    });
    const cursor = await t.database.db
      .selectFrom('sync_state')
      .select('cursor')
      .where('user_id', '=', userId)
      .where('resource', '=', 'ship-status')
      .executeTakeFirstOrThrow();
    const { pending } = JSON.parse(cursor.cursor ?? '{}') as { pending: number[] };
    expect(pending).toHaveLength(outcome.shipStatusDeferred);

    emulator.handle.requestLog.clear();
    await syncDeferredShipStates(t.app, { userId });
    // Only the ship status: the lists the first sync read are not read again.
    const calls = emulator.handle.requestLog.list({ area: 'github' });
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((entry) => entry.url.endsWith('/api/graphql'))).toBe(true);
    const pulls = shipPullsResultSchema.parse(
      await get('/api/github/pull-requests?filter=open&perPage=100'),
    );
    expect(pulls.pullRequests.filter((pull) => 'review' in pull)).toHaveLength(
      outcome.shipStatusDeferred,
    );
    const done = syncResultSchema.parse(await get('/api/github/sync'));
    expect(done.sync).toMatchObject({ phase: null, lastError: null });
    expect(done.sync.waiting ?? null).toBeNull();
  });
  it('through REST where GraphQL is unavailable: a wait keeps the pull requests still to ask for, and the next run asks only those', async () => {
    const { location, cookie } = await playOAuth(t.app, { url: '/auth/github' });
    const { token } = await exchangeLanding(t.app, location, cookie);
    if (!token) throw new Error('GitHub sign-in failed');
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    const outcome = await syncGithubAccount(t.app, { userId, reason: 'initial' });
    const due = await openPullsForShipState(t.database.db, userId, null);
    expect(due.length).toBe(outcome.shipStatusDeferred);
    expect(due.length).toBeGreaterThan(3);
    const reviewsPath = (pull: (typeof due)[number]) =>
      `/api/v3/repos/${pull.owner_login}/${pull.name}/pulls/${pull.number}/reviews`;

    // No GraphQL here (as on an old GitHub Enterprise Server), and GitHub's secondary limit
    // meets the third pull request's reviews.
    emulator.handle.faults.add({
      id: 'no-graphql',
      area: 'github',
      path: '/api/graphql',
      errorRate: 1,
      errorStatus: 404,
    });
    const third = due[2] ?? due[0];
    if (!third) throw new Error('no pull request');
    emulator.handle.faults.add({
      area: 'github',
      path: reviewsPath(third),
      rateLimit: 'secondary',
      times: 1,
    });
    emulator.handle.requestLog.clear();
    const stopped: unknown = await syncDeferredShipStates(t.app, { userId }).catch(
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(RateLimitWait);
    const firstRun = emulator.handle.requestLog.list({ area: 'github' }).map((entry) => entry.url);
    expect(firstRun.some((url) => url.startsWith(reviewsPath(due[0] ?? third)))).toBe(true);
    const cursor = await t.database.db
      .selectFrom('sync_state')
      .select('cursor')
      .where('user_id', '=', userId)
      .where('resource', '=', 'ship-status')
      .executeTakeFirstOrThrow();
    const { pending, total } = JSON.parse(cursor.cursor ?? '{}') as {
      pending: number[];
      total: number;
    };
    expect(total).toBe(due.length);
    // The two answered are done; the one refused and every one after it are still to ask for.
    expect(new Set(pending)).toEqual(new Set(due.slice(2).map((pull) => Number(pull.id))));
    const waiting = await t.app.inject({
      method: 'GET',
      url: '/api/github/sync',
      headers: bearer(token),
    });
    expect(syncResultSchema.parse(waiting.json<{ data: unknown }>().data).sync).toMatchObject({
      phase: 'ship-status',
      done: 2,
      total: due.length,
      lastError: null,
      waiting: { limit: 'secondary' },
    });

    emulator.handle.requestLog.clear();
    await syncDeferredShipStates(t.app, { userId });
    const secondRun = emulator.handle.requestLog
      .list({ area: 'github' })
      .map((entry) => entry.url.split('?')[0] ?? '');
    // Not the two already answered: the refused one first, then the rest.
    for (const pull of due.slice(0, 2)) expect(secondRun).not.toContain(reviewsPath(pull));
    for (const pull of due.slice(2)) expect(secondRun).toContain(reviewsPath(pull));
    const done = await t.app.inject({
      method: 'GET',
      url: '/api/github/sync',
      headers: bearer(token),
    });
    const finished = syncResultSchema.parse(done.json<{ data: unknown }>().data);
    expect(finished.sync).toMatchObject({ phase: null, lastError: null });
    expect(finished.sync.waiting ?? null).toBeNull();
  });
});
