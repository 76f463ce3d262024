import { errorMessages } from '@shipdeck/shared/messages';
import { validationMessages } from '@shipdeck/shared/sign-in-messages';
import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';

describe.each(testDialects)('password change and account deletion on %s', (dialect) => {
  const t = useTestApp(dialect);

  async function secondSession(email: string, password: string): Promise<string> {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password },
    });
    return login.json<{ data: { token: string } }>().data.token;
  }

  it('checks the current password, keeps this session and revokes the others', async () => {
    const { token, account } = await signUpAndLogIn(t.app);
    const other = await secondSession(account.email, account.password);

    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: bearer(token),
      payload: { currentPassword: account.password, newPassword: 'brand-new-secret' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { revokedSessions: 1 } });

    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(other) })).statusCode,
    ).toBe(401);

    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: account.email, password: account.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: account.email, password: 'brand-new-secret' },
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 (a 401 would sign the browser out)', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: bearer(token),
      payload: { currentPassword: 'not-it', newPassword: 'brand-new-secret' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_CURRENT_PASSWORD',
      message: errorMessages.currentPasswordIncorrect,
    });
  });

  it('refuses a short new password naming the field', async () => {
    const { token, account } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: bearer(token),
      payload: { currentPassword: account.password, newPassword: '123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: unknown[] }>().errors).toContainEqual({
      field: 'body.newPassword',
      message: validationMessages.passwordMin,
    });
  });

  it('deletes the account and all its rows after the password is confirmed', async () => {
    const { token, account, userId } = await signUpAndLogIn(t.app);
    await secondSession(account.email, account.password);

    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/auth/account',
      headers: bearer(token),
      payload: { password: 'not-it' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .executeTakeFirst(),
    ).toBeDefined();

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/auth/account',
      headers: bearer(token),
      payload: { password: account.password },
    });
    expect(response.statusCode).toBe(200);
    expect(
      await t.database.db.selectFrom('users').select('id').where('id', '=', userId).execute(),
    ).toEqual([]);
    expect(
      await t.database.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .execute(),
    ).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: account.email, password: account.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it("deleting one account leaves another's rows alone", async () => {
    const alice = await signUpAndLogIn(t.app);
    const bob = await signUpAndLogIn(t.app);
    await t.app.inject({
      method: 'DELETE',
      url: '/auth/account',
      headers: bearer(bob.token),
      payload: { password: bob.account.password },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(alice.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('asks an account without a password to type its username', async () => {
    const { token, userId, account } = await signUpAndLogIn(t.app);
    await t.database.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', userId)
      .execute();

    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/auth/account',
      headers: bearer(token),
      payload: { confirmation: 'someone-else' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: errorMessages.deleteConfirmationMismatch });

    const right = await t.app.inject({
      method: 'DELETE',
      url: '/auth/account',
      headers: bearer(token),
      payload: { confirmation: account.username },
    });
    expect(right.statusCode).toBe(200);
  });
});

describe.each(testDialects)('GitHub link on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('disconnects GitHub from an account that has a password, and forgets its avatar', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    const avatar = 'https://avatars.githubusercontent.com/u/583231';
    await t.database.db
      .updateTable('users')
      .set({ github_id: '583231', github_login: 'octocat', avatar_url: avatar })
      .where('id', '=', userId)
      .execute();
    const before = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect(before.json()).toMatchObject({
      data: { user: { githubId: '583231', githubLogin: 'octocat', avatar } },
    });

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/auth/github',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: { user: { githubId: null, githubLogin: null, avatar: null } },
    });
  });

  it('refuses to strand an account that could then not sign in', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    await t.database.db
      .updateTable('users')
      .set({ github_id: '1', github_login: 'x', password_hash: null })
      .where('id', '=', userId)
      .execute();
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/auth/github',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: errorMessages.githubDisconnectNeedsPassword });
  });
});
