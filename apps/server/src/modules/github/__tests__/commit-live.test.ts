import { errorEnvelopeSchema } from '@shipdeck/shared/api-envelope';
import { commitLiveMessages, commitLiveResultSchema } from '@shipdeck/shared/commit-live';
import { reposResultSchema } from '@shipdeck/shared/github';
import type { RepoHistory } from '@shipdeck/emulator/data/repo-history';
import { describe, expect, it } from 'vitest';
import { bearer, dataOf, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, userIdOfGithubLogin, useEmulator } from '../../../test-github.js';
import { connectVercel } from '../../../test-vercel.js';

const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 2, deploymentsPerProject: 8 });

describe.each(testDialects)('GET …/commits/:sha/live on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get vercel() {
      return emulator.vercelConfig;
    },
    get github() {
      return emulator.githubConfig;
    },
  });

  const live = (token: string, fullName: string, sha: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/github/repos/${fullName}/commits/${sha}/live`,
      headers: bearer(token),
    });
  /** GitHub calls made since the log was cleared, as paths below the API base. */
  const githubCalls = () =>
    emulator.handle.requestLog
      .list({ area: 'github' })
      .map((entry) => new URL(entry.url, 'http://x').pathname.replace('/api/v3', ''));

  /** octocat with GitHub and Vercel connected and synced, and a linked project's production. */
  async function connected() {
    const token = await signInWithGithub(t.app, 'octocat');
    await connectVercel(t.app, token, { token: emulator.handle.createVercelToken('octocat') });
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    const projects = await t.database.db
      .selectFrom('vercel_projects')
      .select(['id', 'link_org', 'link_repo', 'production_deployment_id'])
      .where('user_id', '=', userId)
      .where('link_repo', 'is not', null)
      .orderBy('id')
      .execute();
    for (const project of projects) {
      const production = await t.database.db
        .selectFrom('vercel_deployments')
        .select(['id', 'commit_sha'])
        .where('user_id', '=', userId)
        .where('project_id', '=', project.id)
        .where('target', '=', 'production')
        .where('state', '=', 'READY')
        .where('commit_sha', 'is not', null)
        .orderBy('created_at', 'desc')
        .execute();
      // The production deployment the route reads: the one Vercel names, else the newest READY.
      const current =
        production.find((d) => d.id === project.production_deployment_id) ?? production[0];
      const fullName = `${project.link_org ?? ''}/${project.link_repo ?? ''}`;
      const found = emulator.handle.world.lookupRepo(
        project.link_org ?? '',
        project.link_repo ?? '',
      );
      if (!current?.commit_sha || !found || !('repo' in found)) continue;
      const history = emulator.handle.world.history(found.repo.id);
      if (!history.commit(current.commit_sha)) continue;
      return { token, userId, fullName, deployment: current, sha: current.commit_sha, history };
    }
    throw new Error('no linked project with a production deployment of a known commit');
  }

  function ancestors(history: RepoHistory, sha: string): Set<string> {
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

  it('says live via the deployment for the commit production was built from, and reads a 7-char prefix', async () => {
    const { token, fullName, deployment, sha } = await connected();
    emulator.handle.requestLog.clear();
    const answer = dataOf(await live(token, fullName, sha), commitLiveResultSchema);
    expect(answer).toMatchObject({ sha, live: true, via: 'deployment' });
    expect(answer.deployment?.id).toBe(deployment.id);
    expect(answer.deployment?.target).toBe('production');
    // A full SHA production was built from is answered from the synced tables alone.
    expect(githubCalls()).toEqual([]);

    const byPrefix = dataOf(
      await live(token, fullName, sha.slice(0, 7).toUpperCase()),
      commitLiveResultSchema,
    );
    expect(byPrefix).toMatchObject({ sha, live: true, via: 'deployment' });
  });

  it('says live via compare for an ancestor of production, and asks GitHub only once per pair', async () => {
    const { token, fullName, deployment, sha, history } = await connected();
    const parent = history.commit(sha)?.parents[0];
    const grandparent = parent ? history.commit(parent)?.parents[0] : undefined;
    if (!grandparent) throw new Error('production commit has no grandparent');
    emulator.handle.requestLog.clear();
    const first = dataOf(await live(token, fullName, grandparent), commitLiveResultSchema);
    expect(first).toMatchObject({ sha: grandparent, live: true, via: 'compare' });
    expect(first.deployment?.id).toBe(deployment.id);
    expect(githubCalls().filter((path) => path.includes('/compare/'))).toEqual([
      `/repos/${fullName}/compare/${grandparent}...${sha}`,
    ]);

    emulator.handle.requestLog.clear();
    const again = dataOf(await live(token, fullName, grandparent), commitLiveResultSchema);
    expect(again).toEqual(first);
    // The pair's answer is stored: no compare call the second time.
    expect(githubCalls().filter((path) => path.includes('/compare/'))).toEqual([]);
  });

  it('says not live yet for a commit production does not contain, naming the production deployment', async () => {
    const { token, fullName, deployment, sha, history } = await connected();
    const inProduction = ancestors(history, sha);
    const pending = history.data.commits.find((c) => !inProduction.has(c.sha));
    if (!pending) throw new Error('every commit is in production');
    const answer = dataOf(await live(token, fullName, pending.sha), commitLiveResultSchema);
    expect(answer).toMatchObject({ sha: pending.sha, live: false, via: 'compare' });
    expect(answer.deployment?.id).toBe(deployment.id);
    const stored = await t.database.db
      .selectFrom('github_commit_containment')
      .select(['status'])
      .where('sha', '=', pending.sha)
      .where('production_sha', '=', sha)
      .executeTakeFirstOrThrow();
    expect(['behind', 'diverged']).toContain(stored.status);
  });

  it('answers 404 for an unknown SHA or prefix, and 400 for something that is not one', async () => {
    const { token, fullName } = await connected();
    for (const sha of ['0000000', 'f'.repeat(40)]) {
      const response = await live(token, fullName, sha);
      expect(response.statusCode, sha).toBe(404);
      expect(errorEnvelopeSchema.parse(response.json())).toMatchObject({
        code: 'NOT_FOUND',
        message: commitLiveMessages.commitNotFound,
      });
    }
    expect((await live(token, fullName, 'abc12')).statusCode).toBe(400);
    expect((await live(token, fullName, 'not-a-sha')).statusCode).toBe(400);
  });

  it('answers 404 without an upstream call for a repository the user cannot see, and 409 without GitHub', async () => {
    const { sha } = await connected();
    const hubot = await signInWithGithub(t.app, 'hubot');
    emulator.handle.requestLog.clear();
    const hidden = await live(hubot, 'octocat/secret-plans', sha);
    expect(hidden.statusCode).toBe(404);
    expect(githubCalls()).toEqual([]);

    const { token: plain } = await signUpAndLogIn(t.app);
    const unconnected = await live(plain, 'octocat/secret-plans', sha);
    expect(unconnected.statusCode).toBe(409);
    expect(unconnected.json()).toMatchObject({ code: 'GITHUB_NOT_CONNECTED' });
  });

  it('says not live via none when no linked project has a production deployment', async () => {
    // hubot has GitHub but no Vercel connection: nothing to compare with.
    const token = await signInWithGithub(t.app, 'hubot');
    const repos = dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/api/github/repos?perPage=100',
        headers: bearer(token),
      }),
      reposResultSchema,
    ).repositories;
    const world = emulator.handle.world;
    const withCommits = repos
      .map((r) => {
        const [owner = '', name = ''] = r.full_name.split('/');
        const found = world.lookupRepo(owner, name);
        if (!found || !('repo' in found)) return undefined;
        const tip = world.history(found.repo.id).branch(found.repo.defaultBranch)?.sha;
        return tip ? { fullName: r.full_name, tip } : undefined;
      })
      .find((r) => r !== undefined);
    if (!withCommits) throw new Error('hubot sees no repository with commits');
    const answer = dataOf(
      await live(token, withCommits.fullName, withCommits.tip),
      commitLiveResultSchema,
    );
    expect(answer).toEqual({ sha: withCommits.tip, live: false, via: 'none', deployment: null });
  });

  it('forgets the stored compare answers when GitHub is disconnected', async () => {
    const { token, userId, fullName, sha, history } = await connected();
    const parent = history.commit(sha)?.parents[0] ?? '';
    expect((await live(token, fullName, parent)).statusCode).toBe(200);
    const stored = () =>
      t.database.db
        .selectFrom('github_commit_containment')
        .select('sha')
        .where('user_id', '=', userId)
        .execute();
    expect((await stored()).length).toBeGreaterThan(0);
    await t.database.db
      .updateTable('users')
      .set({ password_hash: 'x' })
      .where('id', '=', userId)
      .execute();
    const disconnect = await t.app.inject({
      method: 'DELETE',
      url: '/auth/github',
      headers: bearer(token),
    });
    expect(disconnect.statusCode).toBe(200);
    expect(await stored()).toEqual([]);
  });
});
