import { shipPullsResultSchema } from '@shipdeck/shared/insights';
import { describe, expect, it } from 'vitest';
import { addOpenPull } from '@shipdeck/emulator/testing/add-open-pull';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { SHIP_STATE_PULLS } from '../../github-sync/sync-constants.js';

// Ship status through GitHub's GraphQL API: a hand-made history of 150 extra open pull requests
// by the demo user, older than everything else, every third one with a failing check and every
// fifth one approved with green checks, so most of the matches lie beyond the newest 30.
const EXTRA = 150;

type Listed = ReturnType<typeof shipPullsResultSchema.parse>['pullRequests'][number];
const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 2 });

let added: { failing: Set<string>; ready: Set<string> } | undefined;

/** Adds the history once per emulator (each dialect signs in to the same world). */
function addHistory(): { failing: Set<string>; ready: Set<string> } {
  added ??= buildHistory();
  return added;
}

function buildHistory(): { failing: Set<string>; ready: Set<string> } {
  const { world } = emulator.handle;
  const octocat = world.account('octocat');
  if (!octocat) throw new Error('octocat missing');
  const repo = [...world.repos.values()]
    .filter((candidate) => candidate.ownerId === octocat.id)
    .sort((a, b) => b.pushedAt.localeCompare(a.pushedAt))[0];
  if (!repo) throw new Error('octocat has no repository');
  const history = world.history(repo.id);
  const reviewer = [...world.accounts.values()].find((account) => account.id !== octocat.id);
  if (!reviewer) throw new Error('no reviewer');
  const failing = new Set<string>();
  const ready = new Set<string>();
  const top = Math.max(0, ...history.data.pulls.map((pull) => pull.number));
  for (let i = 0; i < EXTRA; i++) {
    const number = top + 1 + i;
    // Oldest of all: none of them is among the most recently updated 30.
    const at = new Date(Date.UTC(2020, 0, 1, 0, i)).toISOString().replace(/\.\d+Z$/, 'Z');
    const name = `${world.fullName(repo)}#${number}`;
    const fails = i % 3 === 0;
    const approved = !fails && i % 5 === 0;
    const { headSha } = addOpenPull(world, repo, {
      id: 8_000_000 + i,
      number,
      title: `Hand-made change ${i}`,
      authorId: octocat.id,
      at,
      checks: fails ? 'failure' : 'success',
      seed: 'graphql-ship-state',
    });
    if (fails) failing.add(name);
    if (approved) {
      history.data.reviews.push({
        id: 8_000_000 + i,
        pullNumber: number,
        userId: reviewer.id,
        body: '',
        state: 'APPROVED',
        submittedAt: at,
        commitId: headSha,
      });
      ready.add(name);
    }
  }
  world.touch();
  return { failing, ready };
}

describe.each(testDialects)(
  'ship status of every open pull request through GraphQL on %s',
  (dialect) => {
    const t = useTestApp(dialect, {
      get github() {
        return emulator.githubConfig;
      },
    });

    it('stores review and checks of all of them, and the ship filters reach past the newest 30', async () => {
      const { failing, ready } = addHistory();
      // No teams: their pass asks GraphQL for the teams' pull requests (modules/teams tests it);
      // this counts the ship-status queries alone.
      emulator.handle.world.teams.clear();
      emulator.handle.requestLog.clear();
      const token = await signInWithGithub(t.app);
      const list = async (query: string): Promise<Listed[]> => {
        const pulls: Listed[] = [];
        for (let page = 1; page < 20; page++) {
          const response = await t.app.inject({
            method: 'GET',
            url: `/api/github/pull-requests?${query}&sort=updated&perPage=100&page=${page}`,
            headers: bearer(token),
          });
          expect(response.statusCode).toBe(200);
          const result = shipPullsResultSchema.parse(response.json<{ data: unknown }>().data);
          pulls.push(...result.pullRequests);
          if (result.pullRequests.length < 100) break;
        }
        return pulls;
      };
      const named = (pull: { repository: string; number: number }) =>
        `${pull.repository}#${pull.number}`;

      const open = await list('filter=open');
      expect(open.length).toBeGreaterThan(100 + SHIP_STATE_PULLS);
      expect(open.filter((pull) => !('review' in pull) || !('checks' in pull)).map(named)).toEqual(
        [],
      );
      const older = new Set(open.slice(SHIP_STATE_PULLS).map(named));
      const failingShown = new Set((await list('filter=open&ship=failing_checks')).map(named));
      for (const name of failing) expect(failingShown.has(name), name).toBe(true);
      expect([...failing].filter((name) => older.has(name)).length).toBe(failing.size);
      const readyShown = new Set((await list('filter=open&ship=ready_to_merge')).map(named));
      for (const name of ready) expect(readyShown.has(name), name).toBe(true);

      // The status came 100 pull requests to a query, none of them read one by one through REST.
      const github = emulator.handle.requestLog.list({ area: 'github' });
      // The involvement search's slices are GraphQL too (issue 33), read before the recent
      // repositories' lists; the ship-status pass comes after those.
      const listed = github.findIndex((entry) => /\/repos\/[^/]+\/[^/]+\/commits/.test(entry.url));
      expect(listed).toBeGreaterThan(0);
      const queries = github.slice(listed).filter((entry) => entry.url.endsWith('/api/graphql'));
      expect(queries.length).toBe(Math.ceil(open.length / 100));
      expect(github.filter((entry) => /\/pulls\/\d+\/reviews/.test(entry.url))).toEqual([]);
    }, 120_000);
  },
);
