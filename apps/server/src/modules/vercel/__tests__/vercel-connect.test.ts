import { userResultSchema } from '@shipdeck/shared/auth';
import { vercelTeamsResultSchema } from '@shipdeck/shared/vercel';
import { vercelMessages } from '@shipdeck/shared/vercel-constants';
import { describe, expect, it } from 'vitest';
import { bearer, dataOf, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { useEmulator } from '../../../test-github.js';
import { sendWelcomeNotifications } from '../../notifications/welcome-notifications.js';
import { connectVercel } from '../../../test-vercel.js';

const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 3, deploymentsPerProject: 6 });

describe.each(testDialects)('Connecting Vercel on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get vercel() {
      return { ...emulator.vercelConfig, serverToken: emulator.handle.demo.vercelToken };
    },
  });

  const teamId = (slug: string) =>
    [...emulator.handle.world.vercel.teams.values()].find((team) => team.slug === slug)?.id ?? '';

  async function storedRows(userId: string) {
    const tokens = await t.app.db
      .selectFrom('provider_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .where('provider', '=', 'vercel')
      .execute();
    const projects = await t.app.db
      .selectFrom('vercel_projects')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    const deployments = await t.app.db
      .selectFrom('vercel_deployments')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    return { tokens, projects, deployments };
  }

  it('connects a valid token, stores it sealed, syncs and reports the account on /auth/me', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    const vercelToken = emulator.handle.createVercelToken('octocat');
    const connect = await connectVercel(t.app, token, { token: vercelToken });
    expect(connect.body).not.toContain(vercelToken);
    const me = dataOf(
      await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) }),
      userResultSchema,
    );
    expect(me.user.vercelConnected).toBe(true);
    expect(me.user.vercel).toMatchObject({
      username: 'octocat',
      teamId: null,
      status: 'connected',
      source: 'token',
    });
    const rows = await storedRows(userId);
    expect(rows.tokens).toHaveLength(1);
    expect(rows.tokens[0]?.token_sealed).not.toContain(vercelToken);
    const octocat = emulator.handle.world.vercel.userByGithubId(583231)?.uid ?? '';
    const expected = emulator.handle.world.vercel.projectsOf(octocat).map((p) => p.id);
    expect(rows.projects.map((p) => p.id).sort()).toEqual([...expected].sort());
    expect(rows.deployments.length).toBeGreaterThan(0);

    const stats = await t.app.inject({ method: 'GET', url: '/auth/stats', headers: bearer(token) });
    expect(stats.json()).toMatchObject({
      data: { stats: { connectedProviders: { vercel: true } } },
    });
  });

  it('answers 400 naming the token for a wrong or revoked token and stores nothing', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/auth/vercel',
      headers: bearer(token),
      payload: { token: 'vercel_emu_nobody_at_all' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      success: false,
      message: vercelMessages.tokenInvalid,
      errors: [{ field: 'body.token' }],
    });

    const revoked = emulator.handle.createVercelToken('octocat');
    emulator.handle.world.vercelTokens.delete(revoked);
    const answer = await t.app.inject({
      method: 'PUT',
      url: '/auth/vercel',
      headers: bearer(token),
      payload: { token: revoked },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: vercelMessages.tokenInvalid });

    const empty = await t.app.inject({
      method: 'PUT',
      url: '/auth/vercel',
      headers: bearer(token),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: [{ field: 'body.token' }] });

    const rows = await storedRows(userId);
    expect(rows).toEqual({ tokens: [], projects: [], deployments: [] });
  });

  it('lists teams for a pasted token without storing it, and scopes the sync to the chosen team', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    const vercelToken = emulator.handle.createVercelToken('octocat');
    const teams = dataOf(
      await t.app.inject({
        method: 'POST',
        url: '/auth/vercel/teams',
        headers: bearer(token),
        payload: { token: vercelToken },
      }),
      vercelTeamsResultSchema,
    );
    expect(teams.username).toBe('octocat');
    expect(teams.teams.map((team) => team.slug).sort()).toEqual(['shipdeck-labs', 'unicode-team']);
    expect((await storedRows(userId)).tokens).toEqual([]);

    const labs = teamId('shipdeck-labs');
    const connect = await connectVercel(t.app, token, { token: vercelToken, teamId: labs });
    expect(dataOf(connect, userResultSchema).user.vercel).toMatchObject({
      teamId: labs,
      teamSlug: 'shipdeck-labs',
    });
    const teamProjects = emulator.handle.world.vercel.projectsOf(labs).map((p) => p.id);
    expect(teamProjects.length).toBeGreaterThan(0);
    expect((await storedRows(userId)).projects.map((p) => p.id).sort()).toEqual(
      [...teamProjects].sort(),
    );

    const stranger = await t.app.inject({
      method: 'PUT',
      url: '/auth/vercel',
      headers: bearer(token),
      payload: { token: vercelToken, teamId: 'team_not_mine' },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ errors: [{ field: 'body.teamId' }] });
  });

  it('connects the server account in one click without the browser seeing its token', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    await sendWelcomeNotifications(t.app, userId, 'octocat');
    const unread = () =>
      t.app.db
        .selectFrom('notifications')
        .select('type')
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
    expect((await unread()).map((row) => row.type)).toContain('connect-vercel');
    const options = await t.app.inject({
      method: 'GET',
      url: '/auth/vercel/options',
      headers: bearer(token),
    });
    expect(options.json()).toMatchObject({ data: { serverAccount: true } });
    const connect = await connectVercel(t.app, token, { useServerAccount: true });
    expect(connect.body).not.toContain(emulator.handle.demo.vercelToken);
    expect(dataOf(connect, userResultSchema).user.vercel).toMatchObject({
      username: 'octocat',
      source: 'server',
    });
    // The prompt to connect Vercel has been acted on; the welcome stays unread.
    expect((await unread()).map((row) => row.type)).toEqual(['welcome']);
  });

  it('disconnect removes the token and every synced Vercel row of that user only', async () => {
    const a = await signUpAndLogIn(t.app);
    const b = await signUpAndLogIn(t.app);
    for (const user of [a, b]) {
      await t.app.inject({
        method: 'PUT',
        url: '/auth/vercel',
        headers: bearer(user.token),
        payload: { useServerAccount: true },
      });
    }
    await t.app.jobs.drain();
    const disconnect = await t.app.inject({
      method: 'DELETE',
      url: '/auth/vercel',
      headers: bearer(a.token),
    });
    expect(disconnect.statusCode).toBe(200);
    expect(dataOf(disconnect, userResultSchema).user).toMatchObject({
      vercelConnected: false,
      vercel: null,
    });
    expect(await storedRows(a.userId)).toEqual({ tokens: [], projects: [], deployments: [] });
    const kept = await storedRows(b.userId);
    expect(kept.projects.length).toBeGreaterThan(0);
    expect(kept.tokens).toHaveLength(1);
  });
});
