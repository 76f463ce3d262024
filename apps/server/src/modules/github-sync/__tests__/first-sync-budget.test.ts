import { reposResultSchema, syncResultSchema } from '@shipdeck/shared/github';
import { shipPullsResultSchema } from '@shipdeck/shared/insights';
import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import {
  exchangeLanding,
  playOAuth,
  useEmulator,
  userIdOfGithubLogin,
} from '../../../test-github.js';
import { deleteUserGithubData } from '../../github-store/github-store.repository.js';
import { requestGithubSync } from '../request-github-sync.js';
import { DETAILED_REPOSITORIES } from '../sync-constants.js';
import { syncGithubAccount } from '../sync-github-account.js';

const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 2 });

/** The calls that fetch one pull request's review and checks (fetch-ship-state.ts). */
// REST reads of review and checks, or the GraphQL query that reads them in bulk.
const SHIP_STATUS_CALL =
  /\/pulls\/\d+\/reviews|\/commits\/[^/]+\/(check-runs|status)(\?|$)|\/api\/graphql$/;
/** The list calls an initial sync makes, by what they list. */
const LIST_CALL = /^\/api\/v3\/(user\/repos|search\/issues|repos\/[^/]+\/[^/]+\/(commits|pulls))$/;

describe.each(testDialects)('the first GitHub sync within its request budget on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  it('leaves review and checks to the job queued after it, and says they are still to come', async () => {
    // Signed in, the initial sync queued but not run: this test runs it by hand first.
    const { location, cookie } = await playOAuth(t.app, { url: '/auth/github' });
    const { token } = await exchangeLanding(t.app, location, cookie);
    if (!token) throw new Error('GitHub sign-in failed');
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: unknown }>().data;
    };

    emulator.handle.requestLog.clear();
    const outcome = await syncGithubAccount(t.app, { userId, reason: 'initial' });
    const initialCalls = emulator.handle.requestLog.list({ area: 'github' });
    const kinds = initialCalls.map(({ url, method }) => {
      // The involvement search's slices after page 1 go by GraphQL search (issue 33).
      if (method === 'POST' && url === '/api/graphql') return 'search-slices';
      const match = LIST_CALL.exec(url.split('?')[0] ?? '');
      return match ? (match[2] ?? match[1]) : undefined;
    });
    // Only the lists: repositories, searches (page 1 by REST, the slices after it by GraphQL),
    // then commits and pulls of the newest repositories.
    expect(kinds.filter((kind) => kind === undefined)).toEqual([]);
    expect(kinds.filter((kind) => kind === 'commits')).toHaveLength(DETAILED_REPOSITORIES);
    expect(kinds.filter((kind) => kind === 'pulls')).toHaveLength(DETAILED_REPOSITORIES);
    expect(outcome.requests).toBe(initialCalls.length);
    expect(outcome.shipStatusDeferred).toBeGreaterThan(0);

    const status = syncResultSchema.parse(await get('/api/github/sync'));
    expect(status.syncedAt).not.toBeNull();
    expect(status.sync).toMatchObject({
      phase: 'ship-status',
      done: 0,
      total: outcome.shipStatusDeferred,
      lastError: null,
    });
    const before = shipPullsResultSchema.parse(
      await get('/api/github/pull-requests?filter=open&perPage=100'),
    );
    expect(before.pullRequests.length).toBeGreaterThan(0);
    // Not known yet: no pull request claims a review or checks state.
    expect(before.pullRequests.some((pull) => 'review' in pull)).toBe(false);

    // The queue holds the sign-in's initial sync; it runs again and queues the ship-status job.
    emulator.handle.requestLog.clear();
    await t.app.jobs.drain();
    const shipCalls = emulator.handle.requestLog
      .list({ area: 'github' })
      .filter((entry) => SHIP_STATUS_CALL.test(entry.url));
    expect(shipCalls.length).toBeGreaterThan(0);

    const after = shipPullsResultSchema.parse(
      await get('/api/github/pull-requests?filter=open&perPage=100'),
    );
    const withShip = after.pullRequests.filter((pull) => 'review' in pull);
    expect(withShip).toHaveLength(outcome.shipStatusDeferred);
    const done = syncResultSchema.parse(await get('/api/github/sync'));
    expect(done.sync).toMatchObject({ phase: null, done: null, total: null, lastError: null });
    expect(done.syncedAt).not.toBeNull();
  });

  it('runs a first sync de-duplicated into a queued ship-status job in its place', async () => {
    const { location, cookie } = await playOAuth(t.app, { url: '/auth/github' });
    const { token } = await exchangeLanding(t.app, location, cookie);
    if (!token) throw new Error('GitHub sign-in failed');
    await t.app.jobs.drain();
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    const repositories = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/github/repos?perPage=100',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      return reposResultSchema.parse(response.json<{ data: unknown }>().data);
    };
    expect((await repositories()).repositories.length).toBeGreaterThan(0);

    // A ship-status pass is queued; meanwhile the synced data goes (as on a disconnect), and the
    // next read asks for a first sync, which the user's key folds into the queued job.
    await requestGithubSync(t.app, userId, 'ship-status');
    await deleteUserGithubData(t.database.db, userId);
    const emptied = await repositories();
    expect(emptied).toMatchObject({ repositories: [], syncedAt: null });

    emulator.handle.requestLog.clear();
    await t.app.jobs.drain();
    const listed = emulator.handle.requestLog
      .list({ area: 'github' })
      .filter(({ url }) => /^\/api\/v3\/user\/repos(\?|$)/.test(url));
    expect(listed.length).toBeGreaterThan(0);
    const resynced = await repositories();
    expect(resynced.repositories.length).toBeGreaterThan(0);
    expect(resynced.syncedAt).not.toBeNull();
  });
});
