import { userResultSchema } from '@shipdeck/shared/auth';
import { OAUTH_COMPLETE_PATH } from '@shipdeck/shared/constants';
import type { FastifyInstance } from 'fastify';
import { errorMessages } from '@shipdeck/shared/messages';
import { metaSchema } from '@shipdeck/shared/meta';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.js';
import { accessConfig, auditEntries, invite, signUp } from '../../../test-access.js';
import { bearer, dataOf, logIn, newAccount, testDialects, useTestApp } from '../../../test-app.js';
import { playOAuth, useEmulator } from '../../../test-github.js';

const emulator = useEmulator({ repos: 2, richRepos: 0, projects: 0, rateLimits: false });

const withGithub = (mode: 'open' | 'invite' | 'closed', domains: string[] = []) => ({
  ...accessConfig(mode, domains),
  get github() {
    return emulator.githubConfig;
  },
});

async function userCount(t: { database: { db: Db } }) {
  const row = await t.database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function roleOf(app: FastifyInstance, account: { email: string; password: string }) {
  const { token } = await logIn(app, account);
  const me = await app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
  return { token, role: dataOf(me, userResultSchema).user.role };
}

describe.each(testDialects)('who may sign up, on %s', (dialect) => {
  describe('invite-only (the default outside demo mode)', () => {
    const t = useTestApp(dialect, withGithub('invite', ['team.example.com']));

    const meta = async () =>
      dataOf(await t.app.inject({ method: 'GET', url: '/api/meta' }), metaSchema);

    it('admits the first account as owner, then refuses strangers with 403 and creates nothing', async () => {
      // /api/meta says what is in effect: open for the first account, invite-only after it.
      expect(await meta()).toMatchObject({
        signups: 'open',
        signupEmailDomains: ['team.example.com'],
      });
      const first = newAccount('first');
      expect((await signUp(t.app, first)).statusCode).toBe(201);
      expect((await meta()).signups).toBe('invite');
      const owner = await roleOf(t.app, first);
      expect(owner.role).toBe('owner');

      const stranger = newAccount('stranger');
      const refused = await signUp(t.app, stranger);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'SIGNUPS_CLOSED',
        message: errorMessages.signupsInviteOnly,
      });
      expect(refused.json<{ message: string }>().message).toMatch(/invite-only/);
      const before = await userCount(t);
      expect(
        await t.database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', stranger.email)
          .execute(),
      ).toEqual([]);

      // Recorded: who tried, from where, refused.
      const [entry] = await auditEntries(t.app, owner.token);
      expect(entry).toMatchObject({
        action: 'signup.refused',
        outcome: 'refused',
        actor: { kind: 'anonymous' },
        target: { label: stranger.email },
        ip: '127.0.0.1',
      });
      expect(await userCount(t)).toBe(before);
    });

    it('admits an address on SIGNUP_EMAIL_DOMAINS without an invitation, as a member', async () => {
      const colleague = { ...newAccount('colleague'), email: `c${Date.now()}@Team.Example.com` };
      expect((await signUp(t.app, colleague)).statusCode).toBe(201);
      expect(
        (await roleOf(t.app, { ...colleague, email: colleague.email.toLowerCase() })).role,
      ).toBe('member');
      // A look-alike domain is not the domain.
      const lookalike = { ...newAccount('look'), email: `l${Date.now()}@team.example.com.evil.io` };
      expect((await signUp(t.app, lookalike)).statusCode).toBe(403);
    });

    it('refuses a GitHub sign-in that would create an account, and lets nothing in', async () => {
      const before = await userCount(t);
      const { location } = await playOAuth(t.app, { url: '/auth/github' }, { login: 'octocat' });
      expect(location).toBe('/login?error=signups_closed');
      expect(await userCount(t)).toBe(before);
    });
  });

  describe('GitHub sign-in from an invitation link', () => {
    const t = useTestApp(dialect, withGithub('closed'));

    it('creates the account with the invitation, once; a bad link goes back to /login', async () => {
      const owner = newAccount('owner');
      await signUp(t.app, owner);
      const { token: ownerToken } = await logIn(t.app, owner);
      const { token } = await invite(t.app, ownerToken, { role: 'admin' });

      const refused = await t.app.inject({
        method: 'GET',
        url: '/auth/github?invitation=sdi_nope',
      });
      expect(refused.headers.location).toBe('/login?error=invitation_invalid');

      const first = await playOAuth(
        t.app,
        { url: `/auth/github?invitation=${encodeURIComponent(token)}` },
        { login: 'octocat' },
      );
      expect(first.location.startsWith(`${OAUTH_COMPLETE_PATH}?code=`)).toBe(true);
      const created = await t.database.db
        .selectFrom('users')
        .select(['role'])
        .where('github_login', '=', 'octocat')
        .executeTakeFirstOrThrow();
      expect(created.role).toBe('admin');

      // Used up: another GitHub account cannot come in on the same link.
      const again = await t.app.inject({
        method: 'GET',
        url: `/auth/github?invitation=${encodeURIComponent(token)}`,
      });
      expect(again.headers.location).toBe('/login?error=invitation_invalid');
    });
  });

  describe('closed', () => {
    const t = useTestApp(dialect, withGithub('closed', ['team.example.com']));

    it('refuses every sign-up after the first, allowed domains included, with the closed message', async () => {
      expect((await signUp(t.app)).statusCode).toBe(201);
      const refused = await signUp(t.app, {
        ...newAccount(),
        email: `x${Date.now()}@team.example.com`,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'SIGNUPS_CLOSED',
        message: errorMessages.signupsClosed,
      });
      expect(refused.json<{ message: string }>().message).toMatch(/invite-only/);
    });
  });

  describe('open', () => {
    const t = useTestApp(dialect, withGithub('open'));

    it('admits anyone as a member after the owner, and GitHub sign-in creates an account', async () => {
      const first = newAccount();
      await signUp(t.app, first);
      expect((await roleOf(t.app, first)).role).toBe('owner');
      const second = newAccount();
      expect((await signUp(t.app, second)).statusCode).toBe(201);
      expect((await roleOf(t.app, second)).role).toBe('member');

      const { location } = await playOAuth(t.app, { url: '/auth/github' }, { login: 'octocat' });
      expect(location.startsWith(`${OAUTH_COMPLETE_PATH}?code=`)).toBe(true);
      const created = await t.database.db
        .selectFrom('users')
        .select(['role'])
        .where('github_login', '=', 'octocat')
        .executeTakeFirstOrThrow();
      expect(created.role).toBe('member');
    });
  });

  describe('the first account by GitHub on an invite-only instance', () => {
    const t = useTestApp(dialect, withGithub('invite'));

    it('becomes the owner; an existing GitHub account then signs in as before', async () => {
      const first = await playOAuth(t.app, { url: '/auth/github' }, { login: 'octocat' });
      expect(first.location).not.toMatch(/error=/);
      const row = await t.database.db
        .selectFrom('users')
        .select(['role'])
        .where('github_login', '=', 'octocat')
        .executeTakeFirstOrThrow();
      expect(row.role).toBe('owner');
      const again = await playOAuth(t.app, { url: '/auth/github' }, { login: 'octocat' });
      expect(again.location).not.toMatch(/error=/);
      expect(await userCount(t)).toBe(1);
    });
  });

  describe('demo mode', () => {
    const t = useTestApp(dialect, { demoMode: true, signups: { mode: 'open', emailDomains: [] } });

    it('keeps sign-ups open, and the first account is the owner', async () => {
      const meta = dataOf(await t.app.inject({ method: 'GET', url: '/api/meta' }), metaSchema);
      expect(meta.signups).toBe('open');
      const first = newAccount();
      await signUp(t.app, first);
      const second = newAccount();
      expect((await signUp(t.app, second)).statusCode).toBe(201);
      expect((await roleOf(t.app, first)).role).toBe('owner');
      expect((await roleOf(t.app, second)).role).toBe('member');
    });
  });
});
