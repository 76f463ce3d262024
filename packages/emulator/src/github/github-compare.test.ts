import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepoHistory } from '../data/repo-history.js';
import type { EmulatorHandle } from '../start-emulator.js';
import { admin, arr, githubGet, obj, startTestEmulator } from '../testing/test-emulator.js';
import { responseValidator, schemaErrors } from '../testing/test-openapi.js';

// GET /repos/{owner}/{repo}/compare/{basehead}: what Shipdeck's "is this commit live?" reads.

let emulator: EmulatorHandle;
let history: RepoHistory;
let tip: string;

const OPERATION = '/repos/{owner}/{repo}/compare/{basehead}';

beforeAll(async () => {
  emulator = await startTestEmulator();
  const found = emulator.world.lookupRepo('octocat', 'shipdeck');
  if (!found || !('repo' in found)) throw new Error('octocat/shipdeck missing');
  history = emulator.world.history(found.repo.id);
  tip = history.branch(found.repo.defaultBranch)?.sha ?? '';
});
afterAll(() => emulator.close());

/** Every commit reachable from `sha` through parents, walked here independently of the route. */
function ancestry(sha: string): Set<string> {
  const seen = new Set<string>();
  const queue = [sha];
  while (queue.length > 0) {
    const next = queue.shift() ?? '';
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(history.commit(next)?.parents ?? []));
  }
  return seen;
}

/** The commit `steps` first parents below `sha`. */
function firstParentAt(sha: string, steps: number): string {
  let current = sha;
  for (let i = 0; i < steps; i++) current = history.commit(current)?.parents[0] ?? current;
  return current;
}

async function compare(basehead: string, query = ''): Promise<Record<string, unknown>> {
  const answer = await githubGet(emulator, `/repos/octocat/shipdeck/compare/${basehead}${query}`);
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  expect(schemaErrors(responseValidator(OPERATION, 'get', 200), answer.json)).toEqual([]);
  return obj(answer.json);
}

describe('GET /repos/{owner}/{repo}/compare/{basehead}', () => {
  it('says ahead when head contains base, with counts, merge base and commits oldest first', async () => {
    const base = firstParentAt(tip, 6);
    const body = await compare(`${base}...${tip}`);
    const expected = [...ancestry(tip)].filter((sha) => !ancestry(base).has(sha));
    expect(body.status).toBe('ahead');
    expect(body.ahead_by).toBe(expected.length);
    expect(body.behind_by).toBe(0);
    expect(body.total_commits).toBe(expected.length);
    expect(obj(body.merge_base_commit).sha).toBe(base);
    expect(obj(body.base_commit).sha).toBe(base);
    const shas = arr(body.commits).map((c) => obj(c).sha);
    expect(new Set(shas)).toEqual(new Set(expected));
    expect(shas.at(-1)).toBe(tip);
    expect(body.html_url).toMatch(new RegExp(`/octocat/shipdeck/compare/${base}\\.\\.\\.${tip}$`));
    expect(body.permalink_url).toContain(
      `octocat:${base.slice(0, 7)}...octocat:${tip.slice(0, 7)}`,
    );
  });

  it('says behind the other way round, identical for one commit, and reads 7-char prefixes and branch names', async () => {
    const base = firstParentAt(tip, 3);
    const behind = await compare(`${tip}...${base.slice(0, 7)}`);
    expect(behind.status).toBe('behind');
    expect(behind.ahead_by).toBe(0);
    expect(behind.behind_by).toBe([...ancestry(tip)].filter((s) => !ancestry(base).has(s)).length);
    expect(arr(behind.commits)).toEqual([]);
    const same = await compare(`main...${tip.slice(0, 7)}`);
    expect(same).toMatchObject({
      status: 'identical',
      ahead_by: 0,
      behind_by: 0,
      total_commits: 0,
    });
    // Two dots answer the same comparison.
    expect((await compare(`${base}..${tip}`)).status).toBe('ahead');
  });

  it('says diverged for a branch that forked off and was never merged', async () => {
    const onMain = ancestry(tip);
    const branch = history.data.branches.find(
      (b) => !onMain.has(b.sha) && !ancestry(b.sha).has(tip),
    );
    expect(branch, 'the generated world has an unmerged branch').toBeDefined();
    const body = await compare(`${tip}...${branch?.sha ?? ''}`);
    expect(body.status).toBe('diverged');
    expect(body.ahead_by).toBeGreaterThan(0);
    expect(body.behind_by).toBeGreaterThan(0);
    expect(onMain.has(String(obj(body.merge_base_commit).sha))).toBe(true);
  });

  it("answers 404 with GitHub's error body for an unknown SHA, a bad basehead or a hidden repository", async () => {
    for (const path of [
      `/repos/octocat/shipdeck/compare/${'0'.repeat(40)}...${tip}`,
      `/repos/octocat/shipdeck/compare/${tip}`,
      `/repos/octocat/does-not-exist/compare/${tip}...${tip}`,
    ]) {
      const answer = await githubGet(emulator, path);
      expect(answer.status, path).toBe(404);
      expect(obj(answer.json)).toMatchObject({ message: 'Not Found', status: '404' });
      expect(schemaErrors(responseValidator(OPERATION, 'get', 404), answer.json)).toEqual([]);
    }
    const hidden = await githubGet(
      emulator,
      `/repos/octocat/secret-plans/compare/main...main`,
      'ghp_emu_hubot',
    );
    expect(hidden.status).toBe(404);
  });

  it('answers 304 to a matching ETag and pages long comparisons with a Link header', async () => {
    const base = firstParentAt(tip, 6);
    const path = `/repos/octocat/shipdeck/compare/${base}...${tip}`;
    const first = await githubGet(emulator, path);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect((await githubGet(emulator, path, undefined, { 'if-none-match': etag })).status).toBe(
      304,
    );
    const paged = await githubGet(emulator, `${path}?per_page=2`);
    expect(arr(obj(paged.json).commits)).toHaveLength(2);
    expect(paged.headers.get('link')).toContain('rel="next"');
    expect(obj(paged.json).ahead_by).toBe(obj(first.json).ahead_by);
  });

  it('is subject to faults like every other GitHub route', async () => {
    const created = await admin(emulator, 'POST', '/faults', {
      area: 'github',
      path: '/api/v3/repos/octocat/shipdeck/compare/',
      errorRate: 1,
      errorStatus: 502,
    });
    expect(created.status).toBe(201);
    try {
      const answer = await githubGet(emulator, `/repos/octocat/shipdeck/compare/main...main`);
      expect(answer.status).toBe(502);
    } finally {
      await admin(emulator, 'DELETE', `/faults/${String(obj(created.json).id)}`);
    }
  });
});
