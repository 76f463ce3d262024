import { errorMessages } from '@shipdeck/shared/messages';
import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';

describe.each(testDialects)('sessions on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('returns the signed-in user and account stats', async () => {
    const { token, account } = await signUpAndLogIn(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      success: true,
      data: { user: { username: account.username } },
    });

    const stats = await t.app.inject({ method: 'GET', url: '/auth/stats', headers: bearer(token) });
    expect(stats.statusCode).toBe(200);
    const { data } = stats.json<{ data: { stats: Record<string, unknown> } }>();
    expect(data.stats).toMatchObject({
      accountType: 'Free',
      activeSessions: 1,
      connectedProviders: { github: false, vercel: false },
    });
    expect(typeof data.stats.lastLoginAt).toBe('string');
  });

  it.each([
    ['no header', {}],
    ['a malformed header', { authorization: 'Token abc' }],
    ['an unknown token', { authorization: 'Bearer sds_not-a-real-token' }],
  ])('answers 401 with %s', async (_label, headers) => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/me', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('rotates the token on refresh and revokes the old one', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: bearer(token),
    });
    expect(refresh.statusCode).toBe(200);
    const fresh = refresh.json<{ data: { token: string } }>().data.token;
    expect(fresh).not.toBe(token);

    const old = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ message: errorMessages.sessionExpired });
    const current = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(fresh) });
    expect(current.statusCode).toBe(200);
  });

  it('gives the refreshed session a fresh expiry, whatever was left of the old one', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    // A session an active user has held for most of its lifetime: one hour left.
    const oneHourLeft = new Date(Date.now() + 60 * 60_000).toISOString();
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: oneHourLeft })
      .where('user_id', '=', userId)
      .execute();

    const before = Date.now();
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: bearer(token),
    });
    expect(refresh.statusCode).toBe(200);
    const { expiresAt } = refresh.json<{ data: { token: string; expiresAt: string } }>().data;
    const ttlMs = t.app.config.sessionTtlDays * 24 * 60 * 60_000;
    expect(Date.parse(expiresAt)).toBeGreaterThanOrEqual(before + ttlMs - 1_000);
    expect(Date.parse(expiresAt)).toBeLessThanOrEqual(Date.now() + ttlMs);

    // One row: the old session is gone, not merely outlived.
    const rows = await t.database.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', userId)
      .execute();
    expect(rows.map((row) => row.expires_at)).toEqual([expiresAt]);
  });

  it.each([
    ['no token', {}],
    ['an unknown token', { authorization: 'Bearer sds_not-a-real-token' }],
  ])('refuses a refresh with %s: 401, and no session is made', async (_label, headers) => {
    const count = async () =>
      (await t.database.db.selectFrom('sessions').select('id').execute()).length;
    const sessionsBefore = await count();
    const response = await t.app.inject({ method: 'POST', url: '/auth/refresh', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(await count()).toBe(sessionsBefore);
  });

  it('refuses a second refresh with the token the first one replaced', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const refresh = () =>
      t.app.inject({ method: 'POST', url: '/auth/refresh', headers: bearer(token) });
    expect((await refresh()).statusCode).toBe(200);
    expect((await refresh()).statusCode).toBe(401);
  });

  it('tells a client holding a token when its session ends and when to renew it, rotating nothing', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    const created = '2026-11-01T00:00:00.000Z';
    const expires = '2026-11-08T00:00:00.000Z';
    const future = new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString();
    // Times far from now prove they are the session's own; only the expiry must be ahead.
    await t.database.db
      .updateTable('sessions')
      .set({ created_at: created, expires_at: expires })
      .where('user_id', '=', userId)
      .execute();
    const times = () =>
      t.app.inject({ method: 'GET', url: '/auth/session', headers: bearer(token) });
    // Expired on those dates: the token no longer works.
    expect((await times()).statusCode).toBe(401);

    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: future })
      .where('user_id', '=', userId)
      .execute();
    const answer = await times();
    expect(answer.statusCode).toBe(200);
    const halfway = Date.parse(created) + (Date.parse(future) - Date.parse(created)) / 2;
    expect(answer.json()).toEqual({
      success: true,
      data: { expiresAt: future, renewAt: new Date(halfway).toISOString() },
    });
    // Asking rotates nothing: the same token goes on working.
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/session', headers: {} })).statusCode,
    ).toBe(401);
  });

  it('revokes only the presented token on logout', async () => {
    const { token, account } = await signUpAndLogIn(t.app);
    const second = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: account.email, password: account.password },
    });
    const otherToken = second.json<{ data: { token: string } }>().data.token;

    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(otherToken) }))
        .statusCode,
    ).toBe(200);
  });

  it('stops honouring an expired session', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    const response = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    const rows = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe.each(testDialects)('refresh rate limit on %s', (dialect) => {
  const t = useTestApp(dialect, {
    authRateLimit: { windowSeconds: 600, perIp: 3, perAccount: 100 },
  });

  it('counts refreshes per address, bad tokens included, and answers 429 past the limit', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const refresh = (bearerToken: string, remoteAddress = '203.0.113.20') =>
      t.app.inject({
        method: 'POST',
        url: '/auth/refresh',
        headers: bearer(bearerToken),
        remoteAddress,
      });

    expect((await refresh('sds_guess')).statusCode).toBe(401);
    const first = await refresh(token);
    expect(first.statusCode).toBe(200);
    const second = await refresh(first.json<{ data: { token: string } }>().data.token);
    expect(second.statusCode).toBe(200);
    const current = second.json<{ data: { token: string } }>().data.token;

    const limited = await refresh(current);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // The limited attempt rotated nothing: the token still works, and from elsewhere renews.
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(current) })).statusCode,
    ).toBe(200);
    expect((await refresh(current, '198.51.100.20')).statusCode).toBe(200);
  });
});
