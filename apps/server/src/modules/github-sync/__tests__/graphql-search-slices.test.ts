import type { RequestLogEntry } from '@shipdeck/emulator/http/request-log';
import type { Pull } from '@shipdeck/emulator/data/model';
import { syncResultSchema } from '@shipdeck/shared/github';
import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import {
  exchangeLanding,
  playOAuth,
  useEmulator,
  userIdOfGithubLogin,
} from '../../../test-github.js';
import { RateLimitWait } from '../../github-client/rate-limit-wait.js';
import { deleteUserGithubData } from '../../github-store/github-store.repository.js';
import { syncGithubAccount } from '../sync-github-account.js';

/** GitHub renders times to the second. */
const second = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const searchCalls = (entries: RequestLogEntry[]) =>
  entries.filter((entry) => entry.url.startsWith('/api/v3/search/issues'));
const graphqlCalls = (entries: RequestLogEntry[]) =>
  entries.filter((entry) => entry.url === '/api/graphql');
const repositoryCalls = (entries: RequestLogEntry[]) =>
  entries.filter((entry) => entry.url.startsWith('/api/v3/user/repos'));
const queryOf = (entry: RequestLogEntry) => {
  const params = new URL(entry.url, 'http://x').searchParams;
  return { q: params.get('q'), page: params.get('page') };
};

// Issue 33's split: page 1 of each involvement search by REST (conditional), the keyset slices
// after it by GraphQL `search(type: ISSUE)`, paced by the token's graphql window. About 300 pull
// requests involve octocat here (several slices); a search window of 2 would stop a REST-only
// first sync halfway, so a sync that finishes without a search wait read its slices by GraphQL.
describe.each(testDialects)('the involvement search slices by GraphQL, on %s', (dialect) => {
  const emulator = useEmulator({
    repos: 40,
    richRepos: 24,
    projects: 1,
    rateLimits: { search: 2, searchWindowMs: 60_000 },
  });
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });
  const world = () => emulator.handle.world;

  async function signIn(): Promise<{ token: string; userId: string }> {
    const { location, cookie } = await playOAuth(t.app, { url: '/auth/github' });
    const { token } = await exchangeLanding(t.app, location, cookie);
    if (!token) throw new Error('GitHub sign-in failed');
    return { token, userId: await userIdOfGithubLogin(t.database.db, 'octocat') };
  }

  async function involvement(userId: string): Promise<Map<number, string>> {
    const rows = await t.database.db
      .selectFrom('github_pull_request_involvement as i')
      .innerJoin('github_pull_requests as p', 'p.id', 'i.pull_request_id')
      .select(['p.id', 'p.title', 'p.body', 'p.state', 'p.draft', 'p.html_url', 'p.labels'])
      .select(['p.comments', 'p.author_login', 'p.author_avatar_url', 'p.assignees'])
      .select(['p.created_at', 'p.updated_at', 'p.closed_at', 'p.merged_at'])
      .select(['i.is_author', 'i.is_assignee', 'i.is_review_requested'])
      .where('i.user_id', '=', userId)
      .execute();
    // An empty body is "" in GraphQL and "" or null in REST: stored as none either way.
    return new Map(
      rows.map((row) => [
        Number(row.id),
        JSON.stringify({ ...row, id: undefined, body: row.body === '' ? null : row.body }),
      ]),
    );
  }

  /** Every window starts again (GitHub's and the stored ones): a wait over, without the clock. */
  async function renewWindows(): Promise<void> {
    emulator.handle.resetRateLimits();
    await t.database.db.deleteFrom('github_rate_windows').execute();
  }

  /** The token's graphql window, as if other queries had spent it down to `remaining`. */
  async function setGraphqlWindow(userId: string, remaining: number): Promise<void> {
    const now = new Date();
    await t.database.db
      .deleteFrom('github_rate_windows')
      .where('user_id', '=', userId)
      .where('resource', '=', 'graphql')
      .execute();
    await t.database.db
      .insertInto('github_rate_windows')
      .values({
        user_id: userId,
        resource: 'graphql',
        quota: 5000,
        remaining,
        reset_at: new Date(now.getTime() + 10 * 60_000).toISOString(),
        seen_at: now.toISOString(),
      })
      .execute();
  }

  async function searchCursor(userId: string): Promise<{ slice: string | null; page: number }> {
    const row = await t.database.db
      .selectFrom('sync_state')
      .select('cursor')
      .where('user_id', '=', userId)
      .where('resource', '=', 'pull-requests')
      .executeTakeFirstOrThrow();
    return JSON.parse(row.cursor ?? '{}') as { slice: string | null; page: number };
  }

  it('finds the same pull requests as the REST path, its slices by GraphQL with no search wait, and resumes at the same slice after a GraphQL limit', async () => {
    const { token, userId } = await signIn();
    // The sign-in queued a first sync; this test runs its syncs by hand instead.

    // The GraphQL path.
    emulator.handle.requestLog.clear();
    const outcome = await syncGithubAccount(t.app, { userId, reason: 'initial' });
    const byGraphql = emulator.handle.requestLog.list({ area: 'github' });
    const graphqlFound = await involvement(userId);
    expect(graphqlFound.size).toBeGreaterThan(200);
    // Page 1 of each query by REST, every slice after it by GraphQL; no 403, no wait.
    expect(searchCalls(byGraphql).map(queryOf)).toEqual([
      { q: 'is:pr involves:@me', page: '1' },
      { q: 'is:pr review-requested:@me', page: '1' },
    ]);
    const slices = graphqlCalls(byGraphql).length;
    expect(slices).toBeGreaterThan(1);
    expect(byGraphql.filter((entry) => entry.status !== 200)).toEqual([]);
    expect(outcome.requests).toBe(byGraphql.length);

    // A full refresh of the unchanged account: page 1 of each search is a free 304, no slice.
    await renewWindows();
    emulator.handle.requestLog.clear();
    await syncGithubAccount(t.app, { userId, reason: 'full' });
    const refresh = emulator.handle.requestLog.list({ area: 'github' });
    expect(searchCalls(refresh)).toHaveLength(2);
    expect(searchCalls(refresh).every((entry) => entry.notModified)).toBe(true);
    expect(refresh.filter((entry) => entry.method === 'GET' && !entry.notModified)).toEqual([]);

    // The REST path (a GHES without GraphQL: 404 there), from empty: the same rows.
    await deleteUserGithubData(t.database.db, userId);
    await renewWindows();
    emulator.handle.faults.add({
      area: 'github',
      path: '/api/graphql',
      errorRate: 1,
      errorStatus: 404,
    });
    const restStops: string[] = [];
    try {
      for (let round = 0; round < 40; round += 1) {
        try {
          await syncGithubAccount(t.app, { userId, reason: 'initial' });
          break;
        } catch (error) {
          if (!(error instanceof RateLimitWait)) throw error;
          restStops.push(error.resource);
          await renewWindows();
        }
      }
    } finally {
      emulator.handle.faults.clear();
    }
    // REST met the search window; GraphQL never did.
    expect(restStops.length).toBeGreaterThan(0);
    expect(restStops.every((limit) => limit === 'search')).toBe(true);
    expect(await involvement(userId)).toEqual(graphqlFound);

    // From empty again by GraphQL, with the graphql window nearly spent: one slice goes out,
    // then the sync waits on the graphql limit (not search), repositories read once.
    await deleteUserGithubData(t.database.db, userId);
    await renewWindows();
    await setGraphqlWindow(userId, 51);
    emulator.handle.requestLog.clear();
    const stopped: unknown = await syncGithubAccount(t.app, { userId, reason: 'initial' }).catch(
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(RateLimitWait);
    expect(stopped).toMatchObject({ resource: 'graphql' });
    const beforeWait = emulator.handle.requestLog.list({ area: 'github' });
    expect(graphqlCalls(beforeWait)).toHaveLength(1);
    expect(searchCalls(beforeWait)).toHaveLength(1);
    const at = await searchCursor(userId);
    expect(at.slice).not.toBeNull();
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/github/sync',
      headers: bearer(token),
    });
    const sync = syncResultSchema.parse(status.json<{ data: unknown }>().data).sync;
    expect(sync.waiting).toMatchObject({ limit: 'graphql' });
    expect(sync.lastError).toBeNull();

    // The window renews; GitHub then refuses one query with a secondary limit: a wait too.
    await setGraphqlWindow(userId, 5000);
    emulator.handle.faults.add({
      area: 'github',
      path: '/api/graphql',
      rateLimit: 'secondary',
      times: 1,
    });
    emulator.handle.requestLog.clear();
    const refused: unknown = await syncGithubAccount(t.app, { userId, reason: 'initial' }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ resource: 'secondary' });
    const second = emulator.handle.requestLog.list({ area: 'github' });
    expect(repositoryCalls(second)).toEqual([]);
    expect(searchCalls(second)).toEqual([]);
    expect(graphqlCalls(second).map((entry) => entry.status)).toEqual([403]);
    expect(await searchCursor(userId)).toEqual(at);

    emulator.handle.requestLog.clear();
    await syncGithubAccount(t.app, { userId, reason: 'initial' });
    const third = emulator.handle.requestLog.list({ area: 'github' });
    expect(repositoryCalls(third)).toEqual([]);
    // Goes on at the stored slice: no slice read twice, none skipped.
    expect(searchCalls(third).map(queryOf)).toEqual([
      { q: 'is:pr review-requested:@me', page: '1' },
    ]);
    expect(graphqlCalls(beforeWait).length + graphqlCalls(third).length).toBe(slices);
    expect(third.filter((entry) => entry.status !== 200)).toEqual([]);
    expect(await involvement(userId)).toEqual(graphqlFound);
  }, 120_000);

  it('loses no pull request and counts none twice where many share an update time at a GraphQL slice boundary', async () => {
    const { userId } = await signIn();
    await deleteUserGithubData(t.database.db, userId);
    await renewWindows();
    const me = world().account('octocat')?.id ?? 0;
    const repo = [...world().repos.values()].find(
      (candidate) => candidate.ownerId === me && world().history(candidate.id).data.pulls.length,
    );
    if (!repo) throw new Error('octocat owns no repository with pull requests');
    // Out of the most recently pushed, whose pull lists a sync reads too: only the search finds
    // these pull requests.
    repo.pushedAt = '2015-01-01T00:00:00Z';
    const pulls = world().history(repo.id).data.pulls;
    const template = pulls[0] as Pull;
    const firstNumber = Math.max(...pulls.map((pull) => pull.number)) + 1;
    // 400 new pull requests, newest first a minute apart, except two runs sharing one time: 11
    // across the boundary of the first page (positions 95–105), and 120 (a page and more).
    const base = Date.now() - 60_000;
    const added: Pull[] = [];
    for (let index = 0; index < 400; index += 1) {
      const position = index >= 95 && index <= 105 ? 95 : index >= 150 && index < 270 ? 150 : index;
      const at = second(base - position * 60_000);
      added.push({
        ...template,
        id: 890_000_000 + index,
        number: firstNumber + index,
        title: `Sliced ${index}`,
        state: 'closed',
        userId: me,
        assigneeIds: [],
        requestedReviewerIds: [],
        createdAt: at,
        updatedAt: at,
        closedAt: at,
        mergedAt: null,
      });
    }
    pulls.push(...added);
    world().touch();

    // Stopped by the graphql window after two slices, so a pull request can change meanwhile.
    await setGraphqlWindow(userId, 52);
    emulator.handle.requestLog.clear();
    const stopped: unknown = await syncGithubAccount(t.app, { userId, reason: 'initial' }).catch(
      (error: unknown) => error,
    );
    expect(stopped).toMatchObject({ resource: 'graphql' });
    const deep = added[380] as Pull;
    deep.title = 'Renamed while the slices were read';
    deep.updatedAt = second(Date.now());
    world().touch();
    await setGraphqlWindow(userId, 5000);
    await syncGithubAccount(t.app, { userId, reason: 'initial' });
    const log = emulator.handle.requestLog.list({ area: 'github' });
    // Every slice after page 1 by GraphQL (the tie runs take a page more each).
    expect(searchCalls(log).map((entry) => queryOf(entry).page)).toEqual(['1', '1']);
    expect(graphqlCalls(log).length).toBeGreaterThan(4);

    const stored = await involvement(userId);
    for (const pull of added) if (pull !== deep) expect(stored.has(pull.id)).toBe(true);
    const { found } = JSON.parse(
      (
        await t.database.db
          .selectFrom('sync_state')
          .select('cursor')
          .where('user_id', '=', userId)
          .where('resource', '=', 'pull-requests')
          .executeTakeFirstOrThrow()
      ).cursor ?? '{}',
    ) as { found: number[] };
    expect(new Set(found).size).toBe(found.length);
    for (const pull of added) if (pull !== deep) expect(found).toContain(pull.id);
    // It moved above the slices still to read: the next incremental pass reads it.
    expect(found).not.toContain(deep.id);
    await renewWindows();
    await syncGithubAccount(t.app, { userId, reason: 'refresh' });
    const title = await t.database.db
      .selectFrom('github_pull_requests')
      .select('title')
      .where('id', '=', deep.id)
      .executeTakeFirstOrThrow();
    expect(title.title).toBe(deep.title);
  }, 120_000);
});
