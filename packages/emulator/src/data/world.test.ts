import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_OAUTH_APP } from '../emulator-options.js';
import { TEST_NOW } from '../testing/test-emulator.js';
import { buildWorld, type WorldOptions } from './build-world.js';
import { mainLine } from './generate-vercel.js';
import { worldDataSchema } from './model.js';
import type { World } from './world.js';
import { loadWorldFile, saveWorldFile } from './world-file.js';

const OPTIONS: WorldOptions = {
  seed: 9,
  now: TEST_NOW,
  users: 6,
  repos: 40,
  richRepos: 24,
  projects: 8,
  deploymentsPerProject: 14,
  oauthApps: [DEMO_OAUTH_APP],
};

function snapshot(world: World, order: 'forward' | 'backward'): string {
  const repos = [...world.repos.values()];
  const touched = order === 'forward' ? repos : [...repos].reverse();
  const histories = touched
    .map((repo) => [repo.id, world.history(repo.id).data] as const)
    .sort((a, b) => a[0] - b[0]);
  return JSON.stringify({
    accounts: [...world.accounts.values()],
    repos,
    histories,
    deployments: world.vercel.deployments,
  });
}

describe('generated world', () => {
  it('is deterministic for a seed, whatever order histories are first touched in', () => {
    const a = snapshot(buildWorld(OPTIONS), 'forward');
    const b = snapshot(buildWorld(OPTIONS), 'backward');
    expect(a).toBe(b);
    expect(snapshot(buildWorld({ ...OPTIONS, seed: 10 }), 'forward')).not.toBe(a);
  });

  it('builds 5,000 repositories for one user lazily: histories are generated on first use', () => {
    const world = buildWorld({ ...OPTIONS, repos: 5000 });
    const demo = world.account('octocat');
    const owned = world.reposOwnedBy(demo?.id ?? -1);
    expect(owned.length).toBe(5000);
    const light = owned.filter((r) => r.richness === 'light');
    expect(light.filter((r) => world.hasHistory(r.id)).length).toBe(0);
    expect(world.history(light[100]?.id ?? -1).data.commits.length).toBeGreaterThan(0);
    expect(new Set(owned.map((r) => r.name.toLowerCase())).size).toBe(5000);
  });

  it('contains real-world ugliness', () => {
    const world = buildWorld(OPTIONS);
    const repos = [...world.repos.values()];
    const histories = repos.map((r) => world.history(r.id).data);
    const pulls = histories.flatMap((h) => h.pulls);
    const commits = histories.flatMap((h) => h.commits);
    expect(repos.some((r) => r.description === null)).toBe(true);
    expect(repos.some((r) => r.description === '')).toBe(true);
    expect(repos.some((r) => r.description?.includes('<script>'))).toBe(true);
    expect(repos.some((r) => r.language === null)).toBe(true);
    expect(repos.some((r) => r.name.length === 100)).toBe(true);
    for (const flag of ['fork', 'private', 'archived', 'empty'] as const)
      expect(repos.some((r) => r[flag])).toBe(true);
    expect(repos.some((r) => r.previousNames.length > 0)).toBe(true);
    expect(pulls.some((p) => /<script>|<img/.test(p.title))).toBe(true);
    expect(
      pulls.some((p) => /\p{Extended_Pictographic}/u.test(p.title) || /[^ -~]/.test(p.title)),
    ).toBe(true);
    expect(pulls.some((p) => p.userId === world.account('dependabot[bot]')?.id)).toBe(true);
    expect(pulls.some((p) => p.body === null)).toBe(true);
    expect(commits.some((c) => c.message.length > 5000)).toBe(true);
    expect(commits.some((c) => c.authorId === null)).toBe(true);
    expect([...world.accounts.values()].some((a) => a.name?.includes('<script>'))).toBe(true);
    expect(histories.some((h) => Object.keys(h.languages).length === 0)).toBe(true);
    expect(new Set(pulls.map((p) => p.state)).size).toBe(2);
    expect(
      pulls.some((p) => p.mergedAt !== null) &&
        pulls.some((p) => p.state === 'closed' && p.mergedAt === null),
    ).toBe(true);
  });

  it('gives the demo account projects whose deployments match its commits and pull requests', () => {
    const world = buildWorld(OPTIONS);
    const states = new Set(world.vercel.deployments.map((d) => d.state));
    for (const state of ['READY', 'BUILDING', 'ERROR', 'QUEUED'])
      expect(states.has(state as never)).toBe(true);
    let previews = 0;
    for (const deployment of world.vercel.deployments) {
      const project = world.vercel.projects.get(deployment.projectId);
      if (project?.repoId === null || project === undefined) continue;
      const repo = world.repos.get(project.repoId);
      const history = world.history(project.repoId);
      const { meta } = deployment;
      const commit = history.commit(meta.githubCommitSha ?? '');
      expect(commit, deployment.uid).toBeDefined();
      expect(meta.githubCommitMessage).toBe(commit?.message);
      expect(meta.githubCommitAuthorName).toBe(commit?.authorName);
      expect(meta.githubRepoId).toBe(String(repo?.id));
      expect(meta.githubOrg).toBe(repo ? world.ownerOf(repo).login : undefined);
      if (commit?.authorId !== null)
        expect(meta.githubCommitAuthorLogin).toBe(
          world.accounts.get(commit?.authorId ?? -1)?.login,
        );
      if (meta.githubPrId !== undefined) {
        previews++;
        const pull = history.pull(Number(meta.githubPrId));
        expect(pull?.headRef).toBe(meta.githubCommitRef);
        expect(pull?.headSha).toBe(meta.githubCommitSha);
        expect(deployment.target).toBeNull();
      } else {
        expect(meta.githubCommitRef).toBe(repo?.defaultBranch);
        expect(
          mainLine(history.data, repo?.defaultBranch ?? '').some((c) => c.sha === commit?.sha),
        ).toBe(true);
      }
      const ghDeployment = history.data.deployments.find(
        (d) => d.id === deployment.githubDeploymentId,
      );
      expect(ghDeployment?.sha).toBe(meta.githubCommitSha);
    }
    expect(previews).toBeGreaterThan(3);
  });
});

describe('data files', () => {
  it('round-trip through JSON and load back into the same world', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emulator-'));
    try {
      const world = buildWorld(OPTIONS);
      const file = join(dir, 'world.json');
      await saveWorldFile(file, world.toData());
      const data = await loadWorldFile(file);
      const loaded = buildWorld({ ...OPTIONS, seed: 'ignored', data });
      expect(JSON.stringify(loaded.toData())).toBe(JSON.stringify(world.toData()));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('accepts a small hand-written file and generates the histories it leaves out', () => {
    const data = worldDataSchema.parse({
      accounts: [
        {
          id: 1,
          login: 'solo',
          type: 'User',
          name: 'Solo 🚀',
          createdAt: '2020-01-01T00:00:00Z',
          updatedAt: '2024-01-01T00:00:00Z',
        },
      ],
      repos: [
        {
          id: 10,
          ownerId: 1,
          name: 'only-repo',
          description: null,
          private: false,
          language: 'Go',
          createdAt: '2021-01-01T00:00:00Z',
          updatedAt: '2024-01-01T00:00:00Z',
          pushedAt: '2024-01-01T00:00:00Z',
        },
      ],
      tokens: { github: [{ token: 'ghp_solo', accountId: 1, scopes: ['repo'] }] },
    });
    const world = buildWorld({ ...OPTIONS, data });
    expect(world.history(10).data.commits.length).toBeGreaterThan(0);
    expect(world.githubTokens.get('ghp_solo')?.accountId).toBe(1);
    expect(world.oauthApps.has(DEMO_OAUTH_APP.clientId)).toBe(true);
  });

  it('reports the first invalid field of a bad file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emulator-'));
    try {
      const file = join(dir, 'bad.json');
      await writeFile(file, JSON.stringify({ accounts: [{ id: 'one' }], repos: [] }));
      await expect(loadWorldFile(file)).rejects.toThrow(/accounts\.0\.id/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
