import { shipPullsResultSchema } from '@shipdeck/shared/insights';
import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { SHIP_STATE_PULLS } from '../../github-sync/sync-constants.js';

// The demo's shape: more repositories than the sync lists pulls of, so the involves search
// finds open pull requests whose head SHA and reviewers no list has told.
// Without GraphQL (a 404 there), so the REST fallback is what reads them.
const emulator = useEmulator({ repos: 40, richRepos: 24, projects: 2, graphql: false });

/** `owner/name#number` of each pull request GitHub was asked for on its own. */
function pullsReadOneByOne(): string[] {
  return emulator.handle.requestLog
    .list({ area: 'github' })
    .map((entry) => /\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)$/.exec(entry.url))
    .filter((match) => match !== null)
    .map((match) => `${match[1]}#${match[2]}`);
}

describe.each(testDialects)('ship status of pull requests the search found on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  it('gives every open pull request its status, search hits too', async () => {
    emulator.handle.requestLog.clear();
    const token = await signInWithGithub(t.app);
    const list = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/github/pull-requests?filter=open&sort=updated&perPage=100',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      return shipPullsResultSchema.parse(response.json<{ data: unknown }>().data);
    };
    const open = (await list()).pullRequests;
    expect(open.length).toBeGreaterThan(SHIP_STATE_PULLS);
    const named = (pull: { repository: string; number: number }) =>
      `${pull.repository}#${pull.number}`;
    expect(open.filter((pull) => !('review' in pull)).map(named)).toEqual([]);

    // Only search hits (pull requests no listed repository's pulls named) are read one by one.
    const read = pullsReadOneByOne();
    expect(read.length).toBeGreaterThan(0);
    const shown = new Set(open.map(named));
    expect(read.filter((name) => !shown.has(name))).toEqual([]);
  }, 60_000);
});
