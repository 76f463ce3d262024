import { errorMessages } from '@shipdeck/shared/messages';
import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';

const emulator = useEmulator({ repos: 3, richRepos: 1, projects: 1, rateLimits: false });

describe.each(testDialects)('re-authentication before lasting changes on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  const githubLogins = () =>
    [...emulator.handle.world.accounts.values()]
      .filter((account) => account.type === 'User')
      .map((account) => account.login);

  /** Moves the GitHub sign-in behind every session of this user into the past. */
  async function ageGithubSignIn(userId: string, minutes: number): Promise<void> {
    await t.database.db
      .updateTable('sessions')
      .set({ github_verified_at: new Date(Date.now() - minutes * 60_000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
  }

  async function userIdOf(token: string): Promise<string> {
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    return me.json<{ data: { user: { id: string } } }>().data.user.id;
  }

  it('refuses an email change without the current password, and with a wrong one', async () => {
    const { token, account } = await signUpAndLogIn(t.app);
    const change = (currentPassword?: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/auth/profile',
        headers: bearer(token),
        payload: { displayName: 'Taken Over', email: 'thief@example.com', currentPassword },
      });

    const missing = await change();
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'INVALID_CURRENT_PASSWORD',
      errors: [{ field: 'body.currentPassword' }],
    });
    expect((await change('wrong-password')).statusCode).toBe(400);

    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ data: { user: { email: account.email } } });
    expect((await change(account.password)).statusCode).toBe(200);
  });

  it('still lets the display name change alone without a password', async () => {
    const { token, account } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: bearer(token),
      payload: { displayName: 'Only The Name', email: account.email },
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets a GitHub-only account set a first password only right after a GitHub sign-in', async () => {
    const token = await signInWithGithub(t.app, githubLogins()[1]);
    const userId = await userIdOf(token);
    await ageGithubSignIn(userId, 30);
    const setPassword = () =>
      t.app.inject({
        method: 'PUT',
        url: '/auth/password',
        headers: bearer(token),
        payload: { newPassword: 'attacker-chosen-1' },
      });

    const stale = await setPassword();
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({
      code: 'REAUTH_REQUIRED',
      message: errorMessages.reauthRequired,
    });
    const row = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();

    const fresh = await signInWithGithub(t.app, githubLogins()[1]);
    const allowed = await t.app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: bearer(fresh),
      payload: { newPassword: 'owner-chosen-1' },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('asks a GitHub-only account for a fresh GitHub sign-in before changing its email', async () => {
    const token = await signInWithGithub(t.app, githubLogins()[2]);
    const userId = await userIdOf(token);
    const change = (bearerToken: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/auth/profile',
        headers: bearer(bearerToken),
        payload: { displayName: 'Someone', email: `moved-${userId.slice(0, 6)}@example.com` },
      });

    await ageGithubSignIn(userId, 11);
    expect((await change(token)).statusCode).toBe(403);

    const fresh = await signInWithGithub(t.app, githubLogins()[2]);
    expect((await change(fresh)).statusCode).toBe(200);
  });

  it('does not count a password sign-in as a GitHub sign-in', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    await t.database.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', userId)
      .execute();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: bearer(token),
      payload: { newPassword: 'something-new-1' },
    });
    expect(response.statusCode).toBe(403);
  });
});
