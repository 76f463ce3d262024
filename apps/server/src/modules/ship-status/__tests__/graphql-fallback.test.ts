import { shipPullsResultSchema } from '@shipdeck/shared/insights';
import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { SHIP_STATE_PULLS } from '../../github-sync/sync-constants.js';

// A GitHub without GraphQL (an older or locked-down Enterprise Server): /api/graphql answers 404
// and the sync falls back to conditional REST reads of the most recently updated pulls.
const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 2, graphql: false });

describe.each(testDialects)('ship status where GraphQL answers 404 on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  it('reads review and checks of the newest pull requests through REST instead', async () => {
    emulator.handle.requestLog.clear();
    const token = await signInWithGithub(t.app);
    // Without GraphQL the path belongs to no GitHub area, so every area's log is read.
    const log = emulator.handle.requestLog.list();
    const graphql = log.filter((entry) => entry.url.endsWith('/api/graphql'));
    expect(graphql.length).toBeGreaterThan(0);
    expect(graphql.every((entry) => entry.status === 404)).toBe(true);
    expect(log.filter((entry) => /\/pulls\/\d+\/reviews/.test(entry.url)).length).toBeGreaterThan(
      0,
    );

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/github/pull-requests?filter=open&sort=updated&perPage=100',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const result = shipPullsResultSchema.parse(response.json<{ data: unknown }>().data);
    expect(result.sync.lastError).toBeNull();
    const newest = result.pullRequests.slice(0, SHIP_STATE_PULLS);
    expect(newest.length).toBeGreaterThan(0);
    expect(newest.filter((pull) => !('review' in pull)).map((pull) => pull.number)).toEqual([]);
  }, 60_000);
});
