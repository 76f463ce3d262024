import { DEMO_OAUTH_APP } from '@shipdeck/emulator/emulator-options';
import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import {
  bindingCookie,
  exchangeLanding,
  playOAuth,
  runOAuth,
  startGithubLink,
  useEmulator,
} from '../../../test-github.js';

const emulator = useEmulator({ repos: 5, richRepos: 2, projects: 1, rateLimits: false });

describe.each(testDialects)('GitHub sign-in through the emulator on %s', (dialect) => {
  const t = useTestApp(dialect, {
    publicUrl: 'http://127.0.0.1:3000',
    get github() {
      return emulator.githubConfig;
    },
  });

  it('sends the browser to GitHub with state, PKCE and the callback', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/github' });
    const location = new URL(String(response.headers.location));
    expect(location.origin + location.pathname).toBe(
      `${emulator.handle.oauthUrl}/login/oauth/authorize`,
    );
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: DEMO_OAUTH_APP.clientId,
      redirect_uri: 'http://127.0.0.1:3000/auth/github/callback',
      scope: 'read:user user:email repo read:org notifications',
      code_challenge_method: 'S256',
    });
    expect(location.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('creates an account on first sign-in, then signs the same account in again', async () => {
    const { location, cookie } = await playOAuth(t.app, { url: '/auth/github' });
    // No session token in the address bar: a one-time code the same browser trades over POST.
    expect(location).toMatch(/^\/login\/github\?code=[A-Za-z0-9_-]{43}$/);
    expect(location).not.toContain('sds_');
    const exchanged = await exchangeLanding(t.app, location, cookie);
    expect(exchanged.statusCode).toBe(200);
    const token = exchanged.token ?? '';
    expect(token).toMatch(/^sds_/);

    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    const { user } = me.json<{ data: { user: Record<string, unknown> } }>().data;
    const octocat = emulator.handle.world.account('octocat');
    expect(user).toMatchObject({
      username: 'octocat',
      githubLogin: 'octocat',
      githubId: String(octocat?.id),
      hasPassword: false,
    });

    const stored = await t.database.db.selectFrom('provider_tokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_sealed).not.toMatch(/gh[op]_/);
    expect(stored[0]?.scopes).toContain('repo');

    const again = await playOAuth(t.app, { url: '/auth/github' });
    const secondToken = (await exchangeLanding(t.app, again.location, again.cookie)).token ?? '';
    const meAgain = await t.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: bearer(secondToken),
    });
    expect(meAgain.json()).toMatchObject({ data: { user: { id: user.id } } });
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('turns a refusal on the authorize page into auth_failed', async () => {
    const landing = await runOAuth(t.app, { url: '/auth/github' }, { decision: 'deny' });
    expect(landing).toBe('/login?error=auth_failed');
  });

  it('refuses a forged or replayed state', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/auth/github/callback?code=abc&state=not-issued-by-us',
    });
    expect(forged.headers.location).toBe('/login?error=auth_failed');

    const begin = await t.app.inject({ method: 'GET', url: '/auth/github' });
    const cookie = bindingCookie(begin);
    const authorize = new URL(String(begin.headers.location));
    const form = new URLSearchParams(authorize.searchParams);
    form.set('login', 'octocat');
    form.set('decision', 'allow');
    const approval = await fetch(new URL('/login/oauth/authorize', authorize), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const callback = new URL(String(approval.headers.get('location')));
    const path = `${callback.pathname}${callback.search}`;
    const first = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
    expect(String(first.headers.location)).toMatch(/^\/login\/github\?code=/);
    const replay = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
    expect(replay.headers.location).toBe('/login?error=auth_failed');
  });

  it('refuses a link URL completed in another browser: the victim is not connected to the attacker', async () => {
    const attacker = await signUpAndLogIn(t.app);
    const victimLogin = [...emulator.handle.world.accounts.values()].filter(
      (account) => account.type === 'User' && account.login !== 'octocat',
    )[1]?.login;
    expect(victimLogin).toBeDefined();

    // 1. The attacker asks for a link URL for their own account (their browser gets the cookie).
    const { authorizeUrl } = await startGithubLink(t.app, attacker.token);
    // 2. The victim opens it and approves at GitHub; their browser has no binding cookie.
    const victimLanding = await runOAuth(
      t.app,
      { authorizeUrl, cookie: null },
      { login: victimLogin },
    );
    expect(victimLanding).toBe('/settings?github_error=auth_failed');
    // 3. A victim who once began a flow of their own holds a cookie, but not this state's.
    const victimBegin = await t.app.inject({ method: 'GET', url: '/auth/github' });
    const secondLink = await startGithubLink(t.app, attacker.token);
    expect(
      await runOAuth(
        t.app,
        { authorizeUrl: secondLink.authorizeUrl, cookie: bindingCookie(victimBegin) },
        { login: victimLogin },
      ),
    ).toBe('/settings?github_error=auth_failed');

    const me = await t.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: bearer(attacker.token),
    });
    expect(me.json()).toMatchObject({ data: { user: { githubId: null } } });
    const tokens = await t.database.db
      .selectFrom('provider_tokens')
      .select('user_id')
      .where('user_id', '=', attacker.userId)
      .execute();
    expect(tokens).toEqual([]);
  });

  it('refuses a sign-in callback or one-time code opened in another browser', async () => {
    const begin = await t.app.inject({ method: 'GET', url: '/auth/github' });
    const authorizeUrl = String(begin.headers.location);
    // An unused callback URL opened by someone else signs nobody in.
    expect(await runOAuth(t.app, { authorizeUrl, cookie: null })).toBe('/login?error=auth_failed');

    const { location, cookie } = await playOAuth(t.app, { url: '/auth/github' });
    const stolen = await exchangeLanding(t.app, location, null);
    expect(stolen).toEqual({ statusCode: 401, token: null });
    // Single use: the code died with the failed attempt, even for its own browser.
    expect((await exchangeLanding(t.app, location, cookie)).statusCode).toBe(401);

    const fresh = await playOAuth(t.app, { url: '/auth/github' });
    expect((await exchangeLanding(t.app, fresh.location, fresh.cookie)).statusCode).toBe(200);
    expect((await exchangeLanding(t.app, fresh.location, fresh.cookie)).statusCode).toBe(401);
  });

  it('sets the binding cookie HttpOnly and SameSite=Lax, scoped to /auth', async () => {
    const begin = await t.app.inject({ method: 'GET', url: '/auth/github' });
    const header = String(begin.headers['set-cookie']);
    expect(header).toMatch(/^shipdeck_oauth=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/auth');
  });

  it('connects GitHub to a signed-in password account, and never to a second one', async () => {
    const someone = await signUpAndLogIn(t.app);
    const other = await signUpAndLogIn(t.app);
    // Pick a GitHub account nobody has used yet in this suite.
    const login = [...emulator.handle.world.accounts.values()].find(
      (account) => account.type === 'User' && account.login !== 'octocat',
    )?.login;
    expect(login).toBeDefined();

    const link = await startGithubLink(t.app, someone.token);
    expect(await runOAuth(t.app, link, { login })).toBe('/settings?github=connected');
    const me = await t.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: bearer(someone.token),
    });
    expect(me.json()).toMatchObject({ data: { user: { githubLogin: login, hasPassword: true } } });

    const otherLink = await startGithubLink(t.app, other.token);
    expect(await runOAuth(t.app, otherLink, { login })).toBe(
      '/settings?github_error=github_in_use',
    );

    await t.app.jobs.drain();
    const repos = await t.app.inject({
      method: 'GET',
      url: '/api/github/repos',
      headers: bearer(someone.token),
    });
    expect(repos.statusCode).toBe(200);
    const syncedRows = () =>
      t.database.db
        .selectFrom('github_repository_access')
        .select('repository_id')
        .where('user_id', '=', someone.userId)
        .execute();
    expect((await syncedRows()).length).toBeGreaterThan(0);

    const disconnect = await t.app.inject({
      method: 'DELETE',
      url: '/auth/github',
      headers: bearer(someone.token),
    });
    expect(disconnect.json()).toMatchObject({ data: { user: { githubId: null } } });
    const tokens = await t.database.db
      .selectFrom('provider_tokens')
      .select('user_id')
      .where('user_id', '=', someone.userId)
      .execute();
    expect(tokens).toEqual([]);
    expect(await syncedRows()).toEqual([]);
  });

  it('never takes over an existing account that has the same email', async () => {
    const login = [...emulator.handle.world.accounts.values()]
      .filter((account) => account.type === 'User')
      .at(-1)?.login;
    const account = emulator.handle.world.account(login ?? '');
    const primary = account?.emails.find((entry) => entry.primary)?.email ?? '';
    await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { username: 'email-owner', email: primary, password: 'secret-123' },
    });
    expect(await runOAuth(t.app, { url: '/auth/github' }, { login })).toBe(
      '/login?error=account_exists',
    );
  });
});

describe('GitHub sign-in without configuration', () => {
  const t = useTestApp('sqlite');

  it('tells the browser that GitHub sign-in is not configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/github' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?error=oauth_not_configured');
  });

  it('answers a link request with 503', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/github/link',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(503);
  });
});

describe('security headers in demo mode', () => {
  const t = useTestApp('sqlite', {
    get github() {
      return emulator.githubConfig;
    },
  });

  it("lets the page show avatars from the emulator's plain-http origin", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`img-src 'self' data: https: ${emulator.handle.url}`);
  });
});
