import { PAGE_SESSION_COOKIE } from '@shipdeck/shared/server-rendered-pages';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, newAccount, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';

function pageCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === PAGE_SESSION_COOKIE);
}

/** The answer to a new account's sign-in, cookies and all. */
async function signUpAndLogInAnswer(app: FastifyInstance): Promise<LightMyRequestResponse> {
  const account = newAccount();
  await app.inject({ method: 'POST', url: '/auth/signup', payload: account });
  return app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: account.email, password: account.password },
  });
}

describe.each(testDialects)('the page-session cookie on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('is set on sign-in: the session token, HttpOnly, SameSite=Lax, for the whole site, until the session expires', async () => {
    const login = await signUpAndLogInAnswer(t.app);
    const { token, expiresAt } = login.json<{ data: { token: string; expiresAt: string } }>().data;
    const cookie = pageCookie(login);
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    // A cookie's expiry is whole seconds.
    expect(cookie?.expires?.getTime()).toBe(Math.floor(Date.parse(expiresAt) / 1000) * 1000);
  });

  it('is not set by a failed sign-in', async () => {
    const account = newAccount();
    await t.app.inject({ method: 'POST', url: '/auth/signup', payload: account });
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: account.email, password: 'wrong-password-1' },
    });
    expect(login.statusCode).toBe(401);
    expect(pageCookie(login)).toBeUndefined();
  });

  it('never authenticates an API request: a request another site makes the browser send gets a 401', async () => {
    const { token } = await signUpAndLogIn(t.app);
    for (const [method, url] of [
      ['GET', '/auth/me'],
      ['POST', '/auth/logout'],
      ['GET', '/api/notifications'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        cookies: { [PAGE_SESSION_COOKIE]: token },
      });
      expect(response.statusCode, url).toBe(401);
    }
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
  });

  it('follows the token on refresh', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: bearer(token),
    });
    const fresh = refresh.json<{ data: { token: string } }>().data.token;
    expect(pageCookie(refresh)?.value).toBe(fresh);
  });

  it('is cleared on sign-out and on account deletion', async () => {
    const first = await signUpAndLogIn(t.app);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: bearer(first.token),
    });
    expect(logout.statusCode).toBe(200);
    expect(pageCookie(logout)).toMatchObject({ value: '', maxAge: 0, path: '/' });

    const second = await signUpAndLogIn(t.app);
    const deletion = await t.app.inject({
      method: 'DELETE',
      url: '/auth/account',
      headers: bearer(second.token),
      payload: { password: second.account.password },
    });
    expect(deletion.statusCode).toBe(200);
    expect(pageCookie(deletion)).toMatchObject({ value: '', maxAge: 0, path: '/' });
  });
});

describe('the page-session cookie behind https', () => {
  const t = useTestApp('sqlite', { publicUrl: 'https://shipdeck.example.com' });

  it('is Secure', async () => {
    const login = await signUpAndLogInAnswer(t.app);
    expect(pageCookie(login)?.secure).toBe(true);
  });
});
