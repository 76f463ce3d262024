import { errorMessages } from '@shipdeck/shared/messages';
import { validationMessages } from '@shipdeck/shared/sign-in-messages';
import { describe, expect, it } from 'vitest';
import { newAccount, testDialects, useTestApp } from '../../../test-app.js';
import { findUserByEmail } from '../../auth/users.repository.js';

describe.each(testDialects)('signup and login on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('creates an account, hashes the password with argon2id and never returns it', async () => {
    const account = newAccount();
    const response = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: account });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ success: boolean; data: { user: Record<string, unknown> } }>();
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({
      username: account.username,
      email: account.email,
      displayName: account.username,
      githubId: null,
      hasPassword: true,
      preferences: {
        notifications: true,
        emailNotifications: true,
        githubSync: true,
        vercelSync: true,
      },
    });
    expect(JSON.stringify(body)).not.toContain(account.password);
    expect(JSON.stringify(body)).not.toContain('password_hash');

    const row = await findUserByEmail(t.database.db, account.email);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    [{}, 'body.username', validationMessages.usernameRequired],
    [
      { username: 'ab', email: 'a@example.com', password: 'secret1' },
      'body.username',
      validationMessages.usernameMin,
    ],
    [
      { username: 'abc', email: 'not-an-email', password: 'secret1' },
      'body.email',
      validationMessages.emailInvalid,
    ],
    [
      { username: 'abc', email: 'a@example.com', password: '12345' },
      'body.password',
      validationMessages.passwordMin,
    ],
    [
      { username: 'a b<c>', email: 'a@example.com', password: 'secret1' },
      'body.username',
      validationMessages.usernamePattern,
    ],
    [
      { username: 'abc', email: 42, password: 'secret1' },
      'body.email',
      validationMessages.emailRequired,
    ],
  ])('refuses %j with a 400 naming %s', async (payload, field, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/signup', payload });
    expect(response.statusCode).toBe(400);
    const body = response.json<{
      code: string;
      message: string;
      errors: { field: string; message: string }[];
    }>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors).toContainEqual({ field, message });
    expect(body.message).toContain(field);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('refuses a duplicate username (any case) or email with 409', async () => {
    const account = newAccount();
    await t.app.inject({ method: 'POST', url: '/auth/signup', payload: account });

    const sameName = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { ...newAccount(), username: account.username.toUpperCase() },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      message: errorMessages.usernameTaken,
      code: 'CONFLICT',
    });

    const sameEmail = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { ...newAccount(), email: account.email.toUpperCase() },
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ message: errorMessages.emailTaken });
  });

  it('logs in with the right password and returns a token', async () => {
    const account = newAccount();
    await t.app.inject({ method: 'POST', url: '/auth/signup', payload: account });
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: account.email.toUpperCase(), password: account.password },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{
      data: { token: string; expiresAt: string; user: { email: string } };
    }>();
    expect(data.token).toMatch(/^sds_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(data.expiresAt)).toBeGreaterThan(Date.now());
    expect(data.user.email).toBe(account.email);
  });

  it('gives one answer for a wrong password and an unknown email', async () => {
    const account = newAccount();
    await t.app.inject({ method: 'POST', url: '/auth/signup', payload: account });
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: account.email, password: 'wrong-password' },
    });
    const unknownEmail = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        message: errorMessages.invalidCredentials,
        code: 'INVALID_CREDENTIALS',
      });
    }
  });

  it('requires both login fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json<{ errors: { field: string; message: string }[] }>();
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'body.email', message: validationMessages.emailRequired },
        { field: 'body.password', message: validationMessages.passwordRequired },
      ]),
    );
  });
});

describe.each(testDialects)('auth rate limits on %s', (dialect) => {
  const t = useTestApp(dialect, {
    authRateLimit: { windowSeconds: 600, perIp: 100, perAccount: 3 },
  });

  it('answers 429 with retry-after once an account has too many attempts', async () => {
    const account = newAccount();
    await t.app.inject({ method: 'POST', url: '/auth/signup', payload: account });
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: account.email, password: 'wrong-password' },
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: errorMessages.rateLimited,
    });

    // Another account from the same address is not punished for the first one.
    const other = newAccount();
    await t.app.inject({ method: 'POST', url: '/auth/signup', payload: other });
    const fine = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: other.email, password: other.password },
    });
    expect(fine.statusCode).toBe(200);
  });
});

describe.each(testDialects)('account lockout on %s', (dialect) => {
  const t = useTestApp(dialect, {
    authRateLimit: { windowSeconds: 600, perIp: 100, perAccount: 3 },
  });

  it("a stranger's wrong passwords never keep the owner out from their own address", async () => {
    const account = newAccount();
    await t.app.inject({ method: 'POST', url: '/auth/signup', payload: account });
    const login = (password: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: account.email, password },
        remoteAddress,
      });

    const attacker = '198.51.100.66';
    const guesses = [];
    for (let i = 0; i < 5; i += 1) guesses.push((await login('guess-' + i, attacker)).statusCode);
    expect(guesses).toEqual([401, 401, 401, 429, 429]);
    // The guesser stays slowed, even with the right password.
    expect((await login(account.password, attacker)).statusCode).toBe(429);

    const owner = '203.0.113.7';
    expect((await login(account.password, owner)).statusCode).toBe(200);
    expect((await login(account.password, owner)).statusCode).toBe(200);
  });
});

describe.each(testDialects)('per-address rate limit on %s', (dialect) => {
  const t = useTestApp(dialect, {
    authRateLimit: { windowSeconds: 600, perIp: 2, perAccount: 100 },
  });

  it('limits signups from one address', async () => {
    const codes = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/signup',
        payload: newAccount(),
        remoteAddress: '203.0.113.9',
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([201, 201, 429]);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: newAccount(),
      remoteAddress: '203.0.113.10',
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});
