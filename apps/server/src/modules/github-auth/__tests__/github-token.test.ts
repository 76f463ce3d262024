import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { useEmulator } from '../../../test-github.js';

const emulator = useEmulator({ repos: 12, richRepos: 2, projects: 1 });

describe.each(testDialects)('GitHub personal access token on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  it('refuses a token GitHub rejects with a 400 naming the field', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/github',
      headers: bearer(token),
      payload: { token: 'ghp_not_a_real_token' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'body.token' }],
    });
  });

  it('connects with a valid token, shows its scopes, syncs, and reports the rate limit', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/github',
      headers: bearer(token),
      payload: { token: 'ghp_emu_hubot' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: { user: { githubLogin: string }; scopes: string[] } }>();
    expect(body.data.user.githubLogin).toBe('hubot');
    expect(body.data.scopes).toEqual(expect.arrayContaining(['repo', 'read:org']));

    const stored = await t.database.db
      .selectFrom('provider_tokens')
      .select('token_sealed')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(stored.token_sealed).not.toContain('ghp_emu_hubot');

    await t.app.jobs.drain();
    const access = await t.database.db
      .selectFrom('github_repository_access')
      .select('repository_id')
      .where('user_id', '=', userId)
      .execute();
    expect(access.length).toBeGreaterThan(0);

    const limit = await t.app.inject({
      method: 'GET',
      url: '/api/github/rate-limit',
      headers: bearer(token),
    });
    expect(limit.statusCode).toBe(200);
    const data = limit.json<{ data: { limit: number; remaining: number } }>().data;
    expect(data.limit).toBe(5000);
    expect(data.remaining).toBeLessThan(5000);
  }, 30_000);
});
