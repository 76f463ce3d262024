import { shipPullsResultSchema, type ShipPullsResult } from '@shipdeck/shared/insights';
import { addOpenPull } from '@shipdeck/emulator/testing/add-open-pull';
import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { SHIP_STATE_PULLS } from '../../github-sync/sync-constants.js';

/** Hand-made open pull requests older than every other: none is among the newest 30. */
const OLD_PULLS = SHIP_STATE_PULLS + 10;

/** Adds them and answers their head SHAs. */
function addOldPulls(emulator: ReturnType<typeof useEmulator>): string[] {
  const { world } = emulator.handle;
  const octocat = world.account('octocat');
  const repo = [...world.repos.values()].find((candidate) => candidate.ownerId === octocat?.id);
  if (!octocat || !repo) throw new Error('octocat has no repository');
  const top = Math.max(0, ...world.history(repo.id).data.pulls.map((pull) => pull.number));
  const heads: string[] = [];
  for (let i = 0; i < OLD_PULLS; i++) {
    const { headSha } = addOpenPull(world, repo, {
      id: 7_000_000 + i,
      number: top + 1 + i,
      title: `Old change ${i}`,
      authorId: octocat.id,
      at: new Date(Date.UTC(2019, 0, 1, 0, i)).toISOString().replace(/\.\d+Z$/, 'Z'),
      checks: i % 2 === 0 ? 'failure' : 'success',
      seed: 'graphql-fallback',
    });
    heads.push(headSha);
  }
  world.touch();
  return heads;
}

/** Every open pull request the user can see, with whatever ship status it carries. */
async function openPulls(
  t: ReturnType<typeof useTestApp>,
  token: string,
): Promise<ShipPullsResult> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/github/pull-requests?filter=open&sort=updated&perPage=100',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return shipPullsResultSchema.parse(response.json<{ data: unknown }>().data);
}

function withoutShipStatus(result: ShipPullsResult): string[] {
  return result.pullRequests.filter((pull) => !('review' in pull)).map((pull) => pull.title);
}

// A GitHub without GraphQL (an older or locked-down Enterprise Server): /api/graphql answers 404
// and the sync reads every open pull request's review and checks through conditional REST reads.
describe.each(testDialects)('ship status where GraphQL answers 404 on %s', (dialect) => {
  const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 2, graphql: false });
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  it('reads review and checks of every open pull request through REST instead', async () => {
    const oldHeads = addOldPulls(emulator);
    emulator.handle.requestLog.clear();
    const token = await signInWithGithub(t.app);
    await t.app.jobs.drain();
    // Without GraphQL the path belongs to no GitHub area, so every area's log is read.
    const log = emulator.handle.requestLog.list();
    const graphql = log.filter((entry) => entry.url.endsWith('/api/graphql'));
    expect(graphql.length).toBeGreaterThan(0);
    expect(graphql.every((entry) => entry.status === 404)).toBe(true);
    expect(log.filter((entry) => /\/pulls\/\d+\/reviews/.test(entry.url)).length).toBeGreaterThan(
      0,
    );

    const result = await openPulls(t, token);
    expect(result.sync.lastError).toBeNull();
    expect(result.pullRequests.filter((pull) => pull.title.startsWith('Old change'))).toHaveLength(
      OLD_PULLS,
    );
    expect(withoutShipStatus(result)).toEqual([]);
    // Each of them was read through REST, though none is among the newest 30.
    const checkReads = new Set(
      log.flatMap((entry) => /\/commits\/([0-9a-f]{40})\/check-runs/.exec(entry.url)?.[1] ?? []),
    );
    expect(oldHeads.filter((sha) => !checkReads.has(sha))).toEqual([]);
  }, 120_000);
});

// GraphQL that exists but fails (a 502 from every query): the same pass reads through REST, so
// the pull requests still get their status, and the sync reports no error.
describe.each(testDialects)('ship status while GraphQL answers 502 on %s', (dialect) => {
  const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 2 });
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  it('falls back to REST for that pass', async () => {
    addOldPulls(emulator);
    const fault = emulator.handle.faults.add({
      area: 'github',
      method: 'POST',
      pathPattern: 'graphql$',
      errorRate: 1,
      errorStatus: 502,
    });
    try {
      emulator.handle.requestLog.clear();
      const token = await signInWithGithub(t.app);
      await t.app.jobs.drain();
      const log = emulator.handle.requestLog.list({ area: 'github' });
      const graphql = log.filter((entry) => entry.url.endsWith('graphql'));
      expect(graphql.length).toBeGreaterThan(0);
      expect(graphql.every((entry) => entry.status === 502)).toBe(true);
      const result = await openPulls(t, token);
      expect(result.sync.lastError).toBeNull();
      expect(withoutShipStatus(result)).toEqual([]);
    } finally {
      emulator.handle.faults.remove(fault.id);
    }
  }, 120_000);
});
