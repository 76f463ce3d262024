import { errorMessages, githubTokenMessages } from '@shipdeck/shared/messages';
import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { useEmulator } from '../../../test-github.js';

const emulator = useEmulator({ repos: 8, richRepos: 1, projects: 1 });

/**
 * A self-hoster with no OAuth app and demo mode off: GitHub (here a GitHub Enterprise Server,
 * the emulator's API under /api/v3) is reached by personal access tokens alone.
 */
describe.each(testDialects)('GitHub by token without an OAuth app on %s', (dialect) => {
  const t = useTestApp(dialect, {
    demoMode: false,
    get github() {
      const { apiUrl, webUrl } = emulator.githubConfig;
      return { apiUrl, webUrl, oauth: null };
    },
  });

  const connect = async (githubToken: string) => {
    const session = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/github',
      headers: bearer(session.token),
      payload: { token: githubToken },
    });
    return { ...session, response };
  };

  it('says sign-in with GitHub is off, and names the GitHub Enterprise web address', async () => {
    const meta = await t.app.inject({ method: 'GET', url: '/api/meta' });
    expect(meta.json()).toMatchObject({
      data: { demoMode: false, githubSignIn: false, githubWebUrl: emulator.githubConfig.webUrl },
    });
    const signIn = await t.app.inject({ method: 'GET', url: '/auth/github' });
    expect(signIn.statusCode).toBe(302);
    expect(signIn.headers.location).toBe('/login?error=oauth_not_configured');
  });

  it('connects a good classic token, stores it sealed and syncs, exactly as OAuth does', async () => {
    const githubToken = emulator.handle.createGithubToken('octocat', ['repo', 'read:org']);
    const { response, userId, token } = await connect(githubToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: { user: { githubLogin: 'octocat' }, scopes: ['repo', 'read:org'] },
    });
    const stored = await t.database.db
      .selectFrom('provider_tokens')
      .select('token_sealed')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(stored.token_sealed).not.toContain(githubToken);

    await t.app.jobs.drain();
    const repos = await t.app.inject({
      method: 'GET',
      url: '/api/github/repos',
      headers: bearer(token),
    });
    expect(repos.statusCode).toBe(200);
    const list = repos.json<{ data: { repositories: { html_url: string }[] } }>().data.repositories;
    expect(list.length).toBeGreaterThan(0);
    // Links come from the html_url GitHub returned: the Enterprise server's, never github.com.
    for (const repo of list) {
      expect(repo.html_url.startsWith(`${emulator.githubConfig.webUrl}/`)).toBe(true);
    }
  }, 30_000);

  it('connects a fine-grained token, which reports no classic scopes', async () => {
    const githubToken = emulator.handle.createGithubToken('hubot', ['repo'], { fineGrained: true });
    expect(githubToken.startsWith('github_pat_')).toBe(true);
    const { response } = await connect(githubToken);
    expect(response.json()).toMatchObject({ data: { scopes: [] } });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a token GitHub does not know as bad credentials, naming the field', async () => {
    const { response } = await connect('ghp_not_a_real_token');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: githubTokenMessages.badCredentials,
      errors: [{ field: 'body.token', message: githubTokenMessages.badCredentials }],
    });
    expect(response.body).not.toContain(errorMessages.githubUnavailable);
  });

  it('refuses a classic token without a repository scope, saying which scope is missing', async () => {
    const githubToken = emulator.handle.createGithubToken('monalisa', ['read:user']);
    const { response, userId } = await connect(githubToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: githubTokenMessages.missingScope,
      errors: [{ field: 'body.token' }],
    });
    const stored = await t.database.db
      .selectFrom('provider_tokens')
      .select('user_id')
      .where('user_id', '=', userId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('answers a rate-limited check as such, not as a refused token', async () => {
    // A secondary limit: a primary one would leave the account's budget empty for later suites.
    const githubToken = emulator.handle.createGithubToken('zoe-unicode', ['repo']);
    emulator.handle.faults.add({
      area: 'github',
      pathPattern: '^/api/v3/user$',
      rateLimit: 'secondary',
      times: 1,
    });
    try {
      const { response } = await connect(githubToken);
      expect(response.statusCode).toBe(429);
      expect(response.json()).toMatchObject({ message: githubTokenMessages.rateLimited });
    } finally {
      emulator.handle.faults.clear();
    }
  });

  it('offers no OAuth link to connect: the token is the way in', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const link = await t.app.inject({
      method: 'POST',
      url: '/auth/github/link',
      headers: bearer(token),
    });
    expect(link.statusCode).toBe(503);
  });
});

describe('GitHub by token with GITHUB_API_URL not pointing at an API', () => {
  const t = useTestApp('sqlite', {
    demoMode: false,
    get github() {
      // The Enterprise server's web address instead of its /api/v3: a common set-up mistake.
      const { webUrl } = emulator.githubConfig;
      return { apiUrl: `${webUrl}/not-the-api`, webUrl, oauth: null };
    },
  });

  it('says the address is wrong instead of blaming the token', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/github',
      headers: bearer(token),
      payload: { token: emulator.handle.createGithubToken('hubot') },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ message: githubTokenMessages.apiNotFound });
  });
});
