import { syncResultSchema } from '@shipdeck/shared/github';
import {
  TEAMS_SCOPE_NOTICE,
  teamDetailResultSchema,
  teamPullRequestsResultSchema,
  teamsResultSchema,
} from '@shipdeck/shared/teams';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, dataOf, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator, userIdOfGithubLogin } from '../../../test-github.js';
import { syncGithubAccount } from '../../github-sync/sync-github-account.js';
import { syncGithubTeams } from '../../github-sync/sync-teams.js';

// Teams read from the emulator's GitHub by the sync (issue 36): octocat's two teams in
// shipdeck-labs, their members and repositories, forgotten when GitHub stops listing them, the
// scope notice without an error, strangers answered 404, and an unchanged refresh's cost.

const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 1 });

describe.each(testDialects)('GitHub teams in the store on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });
  const world = () => emulator.handle.world;

  afterEach(() => {
    emulator.handle.resetRateLimits();
  });

  async function connectToken(githubToken: string): Promise<string> {
    const { token } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/github',
      headers: bearer(token),
      payload: { token: githubToken },
    });
    expect(response.statusCode, response.body).toBe(200);
    await t.app.jobs.drain();
    return token;
  }

  /** A periodic refresh: the account sync, then the team pass it queues. */
  async function refresh(userId: string): Promise<void> {
    await syncGithubAccount(t.app, { userId, reason: 'refresh' });
    await syncGithubTeams(t.app, { userId });
  }

  const get = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('reads the teams, their members (child teams’ too) and repositories, and the open pull requests of those', async () => {
    const token = await signInWithGithub(t.app);
    const teams = dataOf(await get(token, '/api/teams'), teamsResultSchema);
    expect(teams.notice).toBeNull();
    expect(teams.teams.map((team) => `${team.org}/${team.slug}`)).toEqual([
      'shipdeck-labs/platform',
      'shipdeck-labs/web',
    ]);
    const web = dataOf(await get(token, '/api/teams/shipdeck-labs/web'), teamDetailResultSchema);
    expect(web.members.map((m) => m.login)).toEqual(['hubot', 'monalisa', 'octocat']);
    expect(web.members.find((m) => m.login === 'octocat')?.hasAccount).toBe(true);
    expect(web.members.find((m) => m.login === 'hubot')?.hasAccount).toBe(false);
    expect(web.repositories.map((r) => r.fullName)).toEqual([
      'shipdeck-labs/design-system',
      'shipdeck-labs/platform',
      'shipdeck-labs/website',
    ]);
    // The emulator's open pull requests of those repositories, each in its waiting group.
    const expected = ['website', 'design-system', 'platform'].flatMap((name) => {
      const found = world().lookupRepo('shipdeck-labs', name);
      const repo = found && 'repo' in found ? found.repo : undefined;
      return repo
        ? world()
            .history(repo.id)
            .data.pulls.filter((pull) => pull.state === 'open')
            .map((pull) => `shipdeck-labs/${name}#${pull.number}`)
        : [];
    });
    const pulls = dataOf(
      await get(token, '/api/teams/shipdeck-labs/web/pull-requests'),
      teamPullRequestsResultSchema,
    );
    const listed = pulls.groups.flatMap((group) =>
      group.pullRequests.map((pull) => `${pull.repository}#${pull.number}`),
    );
    expect(listed.sort()).toEqual(expected.sort());
    const reviewers = pulls.groups.find((group) => group.kind === 'reviewers');
    expect(
      reviewers?.pullRequests.some((pull) =>
        pull.waitingOn.teams.some((team) => team.startsWith('shipdeck-labs/')),
      ),
    ).toBe(true);
    const author = pulls.groups.find((group) => group.kind === 'author');
    expect(author?.pullRequests.map((pull) => pull.waitingOn.reason)).toEqual(
      expect.arrayContaining(['draft', 'changes requested', 'merge conflicts']),
    );
  });

  it('an unchanged refresh asks GitHub twice for the teams: the list and the organisation’s pull requests, both 304', async () => {
    const token = await signInWithGithub(t.app);
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    await refresh(userId);
    emulator.handle.requestLog.clear();
    await refresh(userId);
    const teamRequests = emulator.handle.requestLog
      .list({ area: 'github' })
      .filter((entry) => entry.url.includes('/teams') || entry.url.includes('org%3A'));
    expect(teamRequests.map((entry) => entry.notModified)).toEqual([true, true]);
    // Reading the team pages asks GitHub nothing.
    emulator.handle.requestLog.clear();
    for (const url of [
      '/api/teams',
      '/api/teams/shipdeck-labs/web',
      '/api/teams/shipdeck-labs/web/pull-requests',
      '/api/teams/shipdeck-labs/web/review-load',
      '/api/teams/shipdeck-labs/web/dora',
    ])
      expect((await get(token, url)).statusCode, url).toBe(200);
    expect(emulator.handle.requestLog.list({ area: 'github' })).toEqual([]);
  });

  it('forgets a team GitHub no longer lists for the person: gone from the list, 404 on its routes', async () => {
    const token = await signInWithGithub(t.app);
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    const platform = world().team('shipdeck-labs', 'platform');
    const octocat = world().account('octocat');
    if (!platform || !octocat) throw new Error('demo world changed');
    const before = platform.memberIds;
    platform.memberIds = platform.memberIds.filter((id) => id !== octocat.id);
    world().touch();
    try {
      await refresh(userId);
      const teams = dataOf(await get(token, '/api/teams'), teamsResultSchema);
      expect(teams.teams.map((team) => team.slug)).toEqual(['web']);
      for (const suffix of ['', '/pull-requests', '/review-load', '/dora'])
        expect((await get(token, `/api/teams/shipdeck-labs/platform${suffix}`)).statusCode).toBe(
          404,
        );
    } finally {
      platform.memberIds = before;
      world().touch();
    }
  });

  it('404 for a person GitHub does not list the team for, and a private team repository hidden from a member who cannot read it', async () => {
    await signInWithGithub(t.app);
    // zoe-unicode is in no team: her own token lists none.
    const zoe = await connectToken('ghp_emu_zoe-unicode');
    expect(dataOf(await get(zoe, '/api/teams'), teamsResultSchema).teams).toEqual([]);
    for (const suffix of ['', '/pull-requests', '/review-load', '/dora'])
      expect((await get(zoe, `/api/teams/shipdeck-labs/web${suffix}`)).statusCode).toBe(404);
    // monalisa's token reads org teams but not private repositories: web's private platform
    // repository, which octocat's sync stored for the same team, stays out of her answers.
    const monaAccount = world().account('monalisa');
    world().githubTokens.set('ghp_emu_monalisa_readorg', {
      token: 'ghp_emu_monalisa_readorg',
      accountId: monaAccount?.id ?? 0,
      scopes: ['read:org', 'public_repo'],
      clientId: null,
    });
    const mona = await connectToken('ghp_emu_monalisa_readorg');
    const web = dataOf(await get(mona, '/api/teams/shipdeck-labs/web'), teamDetailResultSchema);
    expect(web.repositories.map((r) => r.fullName)).toEqual([
      'shipdeck-labs/design-system',
      'shipdeck-labs/website',
    ]);
    const pulls = dataOf(
      await get(mona, '/api/teams/shipdeck-labs/web/pull-requests'),
      teamPullRequestsResultSchema,
    );
    const repositories = new Set(
      pulls.groups.flatMap((group) => group.pullRequests.map((pull) => pull.repository)),
    );
    expect(repositories.has('shipdeck-labs/platform')).toBe(false);
    expect(repositories.size).toBeGreaterThan(0);
  });

  it('an account whose teams were never read gets the team pass queued by GET /api/teams', async () => {
    const token = await signInWithGithub(t.app);
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    // As for an account connected before team mode: no team rows, no team sync yet.
    await t.database.db.deleteFrom('github_team_viewers').where('user_id', '=', userId).execute();
    await t.database.db.deleteFrom('github_team_syncs').where('user_id', '=', userId).execute();
    expect(dataOf(await get(token, '/api/teams'), teamsResultSchema).teams).toEqual([]);
    await t.app.jobs.drain();
    const teams = dataOf(await get(token, '/api/teams'), teamsResultSchema);
    expect(teams.teams.map((team) => team.slug)).toEqual(['platform', 'web']);
  });

  it('a token without read:org gets the notice, and the sync reports no error', async () => {
    const token = await connectToken('ghp_emu_hubot_public');
    const teams = dataOf(await get(token, '/api/teams'), teamsResultSchema);
    expect(teams).toMatchObject({ teams: [], notice: TEAMS_SCOPE_NOTICE });
    const sync = dataOf(await get(token, '/api/github/sync'), syncResultSchema);
    expect(sync.sync.lastError).toBeNull();
    expect(sync.syncedAt).not.toBeNull();
  });
});
