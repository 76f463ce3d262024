import type { RouteOptions } from 'fastify';
import {
  adminPasswordResetSchema,
  adminSettingsSchema,
  adminUserResultSchema,
  adminUsersResultSchema,
  AUDIT_PAGE_SIZE,
  auditPageSchema,
} from '@shipdeck/shared/admin';
import { errorMessages } from '@shipdeck/shared/messages';
import { describe, expect, it } from 'vitest';
import { accessConfig, auditEntries, invite, signUp } from '../../../test-access.js';
import {
  bearer,
  dataOf,
  logIn,
  newAccount,
  signUpAndLogIn,
  testDialects,
  useTestApp,
} from '../../../test-app.js';
import { openEventStream } from '../../events/__tests__/sse-client.js';

describe.each(testDialects)('/api/admin on %s', (dialect) => {
  const adminRoutes: { method: string; url: string }[] = [];
  const t = useTestApp(dialect, accessConfig('invite'), {
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api/admin')) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') adminRoutes.push({ method, url: route.url });
      }
    },
  });

  /** An account of the given role, made by the owner's invitation. */
  async function accountWithRole(ownerToken: string, role: 'admin' | 'member' | 'owner') {
    const { token: invitation } = await invite(t.app, ownerToken, { role });
    const account = newAccount(role);
    const created = await signUp(t.app, account, invitation);
    if (created.statusCode !== 201) throw new Error(created.body);
    const session = await logIn(t.app, account);
    return { ...session, account };
  }

  const patch = (token: string, id: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      headers: bearer(token),
      payload,
    });

  let owner = { token: '', userId: '' };

  it('answers 403 to a member on every /api/admin route, before reading the body', async () => {
    owner = await signUpAndLogIn(t.app);
    const member = await accountWithRole(owner.token, 'member');
    expect(adminRoutes.length).toBeGreaterThanOrEqual(8);
    for (const route of adminRoutes) {
      const url = route.url.replace(':id', owner.userId);
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: bearer(member.token),
        // Even a body the route would refuse: the member learns nothing but 403.
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : { nonsense: 1 },
      });
      expect(response.statusCode, `${route.method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: errorMessages.adminOnly,
      });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/users' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists every account with role, connections, dates and state', async () => {
    const users = dataOf(
      await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(owner.token) }),
      adminUsersResultSchema,
    ).users;
    expect(users[0]).toMatchObject({
      id: owner.userId,
      role: 'owner',
      disabled: false,
      vercel: null,
    });
    expect(users[0]?.lastLoginAt).not.toBeNull();
    expect(users.some((user) => user.role === 'member')).toBe(true);
  });

  it('keeps the last owner: demoting, disabling or deleting them answers 409', async () => {
    for (const payload of [{ role: 'admin' }, { disabled: true }]) {
      const response = await patch(owner.token, owner.userId, payload);
      expect(response.statusCode).toBe(409);
    }
    const admin = await accountWithRole(owner.token, 'admin');
    // An admin cannot touch an owner at all.
    expect((await patch(admin.token, owner.userId, { disabled: true })).statusCode).toBe(403);
    // Deleting the last owner, through the admin page or their own Settings.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${owner.userId}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ message: errorMessages.lastOwner });
    const self = await t.app.inject({
      method: 'DELETE',
      url: '/auth/account',
      headers: bearer(owner.token),
      payload: { password: 'correct-horse-1' },
    });
    expect(self.statusCode).toBe(409);

    // With a second owner, the first may step down.
    const second = await accountWithRole(owner.token, 'owner');
    const stepDown = await patch(owner.token, owner.userId, { role: 'admin' });
    expect(dataOf(stepDown, adminUserResultSchema).user.role).toBe('admin');
    // ...and now the second is the last one.
    expect((await patch(second.token, second.userId, { role: 'member' })).statusCode).toBe(409);
    expect((await patch(second.token, owner.userId, { role: 'owner' })).statusCode).toBe(200);
  });

  it('lets only owners make or remove admins and owners; admins run members', async () => {
    const admin = await accountWithRole(owner.token, 'admin');
    const member = await accountWithRole(owner.token, 'member');
    const otherAdmin = await accountWithRole(owner.token, 'admin');
    expect((await patch(admin.token, member.userId, { role: 'admin' })).statusCode).toBe(403);
    expect((await patch(admin.token, otherAdmin.userId, { role: 'member' })).statusCode).toBe(403);
    expect((await patch(admin.token, otherAdmin.userId, { disabled: true })).statusCode).toBe(403);
    // A refused half never lands: the member is not disabled either.
    expect(
      (await patch(admin.token, member.userId, { role: 'owner', disabled: true })).statusCode,
    ).toBe(403);
    const row = await t.database.db
      .selectFrom('users')
      .select(['disabled_at', 'role'])
      .where('id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ disabled_at: null, role: 'member' });

    expect((await patch(owner.token, member.userId, { role: 'admin' })).statusCode).toBe(200);
    const entry = (await auditEntries(t.app, owner.token)).find(
      (e) => e.action === 'user.role_changed',
    );
    expect(entry).toMatchObject({
      actor: { kind: 'user' },
      target: { type: 'user', id: member.userId, label: member.account.username },
      details: { from: 'member', to: 'admin' },
    });
  });

  it('disabling ends every session at once: 401 on the next request, a live stream closes, sign-in answers 403', async () => {
    const member = await accountWithRole(owner.token, 'member');
    const secondSession = await logIn(t.app, member.account);
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(t.app, baseUrl, member.token);

    const disabled = await patch(owner.token, member.userId, { disabled: true });
    expect(dataOf(disabled, adminUserResultSchema).user.disabled).toBe(true);

    for (const token of [member.token, secondSession.token]) {
      const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
    }
    const sessions = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', member.userId)
      .execute();
    expect(sessions).toEqual([]);
    const revoked = await stream.next();
    expect(revoked.event).toBe('session.revoked');
    stream.close();

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: member.account.email, password: member.account.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({
      code: 'ACCOUNT_DISABLED',
      message: 'This account is disabled',
    });
    // A wrong password still answers 401: being disabled is told only to whoever knows the password.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: member.account.email, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);

    const entries = await auditEntries(t.app, owner.token);
    expect(entries.find((e) => e.action === 'user.disabled')?.target?.id).toBe(member.userId);
    expect(entries.find((e) => e.action === 'signin.disabled')).toMatchObject({
      outcome: 'refused',
      target: { id: member.userId },
    });
    expect(entries.find((e) => e.action === 'signin.refused')).toMatchObject({
      outcome: 'refused',
      target: { label: member.account.email },
    });

    expect((await patch(owner.token, member.userId, { disabled: false })).statusCode).toBe(200);
    expect((await logIn(t.app, member.account)).token).toMatch(/^sds_/);
  });

  it('makes a single-use reset link for an account it may manage, and records it', async () => {
    const member = await accountWithRole(owner.token, 'member');
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.userId}/password-reset`,
      headers: bearer(owner.token),
    });
    expect(made.statusCode).toBe(201);
    const reset = dataOf(made, adminPasswordResetSchema);
    expect(reset.mailed).toBe(false);
    const token = new URL(reset.url).searchParams.get('token') ?? '';
    const done = await t.app.inject({
      method: 'POST',
      url: '/auth/password-reset/complete',
      payload: { token, password: 'set-by-the-link' },
    });
    expect(done.statusCode).toBe(200);
    expect((await logIn(t.app, { ...member.account, password: 'set-by-the-link' })).token).toMatch(
      /^sds_/,
    );
    expect(
      (await auditEntries(t.app, owner.token)).find((e) => e.action === 'password.reset_link'),
    ).toMatchObject({ target: { id: member.userId }, details: { mailed: false } });

    // An admin may not make one for an owner's account.
    const admin = await accountWithRole(owner.token, 'admin');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${owner.userId}/password-reset`,
      headers: bearer(admin.token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('an admin cannot disable themselves', async () => {
    const admin = await accountWithRole(owner.token, 'admin');
    const response = await patch(admin.token, admin.userId, { disabled: true });
    expect(response.statusCode).toBe(403);
    const ownSelf = await patch(owner.token, owner.userId, { disabled: true });
    expect([403, 409]).toContain(ownSelf.statusCode);
  });

  it('deletes an account as its own deletion does, keeping its audit entries by username', async () => {
    const member = await accountWithRole(owner.token, 'member');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${member.userId}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(member.token) }))
        .statusCode,
    ).toBe(401);
    const entries = await auditEntries(t.app, owner.token);
    expect(entries[0]).toMatchObject({
      action: 'user.deleted',
      target: { type: 'user', id: null, label: member.account.username },
    });
    const signup = entries.find(
      (e) => e.action === 'signup.invitation' && e.actor.username === member.account.username,
    );
    expect(signup?.target?.id).not.toBe(member.userId);
    expect(JSON.stringify(entries)).not.toContain(member.userId);
    expect(JSON.stringify(entries)).not.toContain(member.account.email);
  });

  it('stores settings in the database and answers them at once', async () => {
    const read = dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/settings',
        headers: bearer(owner.token),
      }),
      adminSettingsSchema,
    );
    expect(read).toEqual({ serverVercelAccess: 'off', serverVercelAccount: false });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(owner.token),
      payload: { serverVercelAccess: 'everything' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { field: string }[] }>().errors[0]?.field).toMatch(
      /serverVercelAccess/,
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(owner.token),
      payload: { serverVercelAccess: 'view' },
    });
    expect(dataOf(put, adminSettingsSchema).serverVercelAccess).toBe('view');
    const entry = (await auditEntries(t.app, owner.token))[0];
    expect(entry).toMatchObject({
      action: 'settings.changed',
      details: { from: 'off', to: 'view' },
    });
  });

  it('pages the audit log newest first with a cursor, and no route edits or deletes it', async () => {
    for (let index = 0; index < AUDIT_PAGE_SIZE + 5; index += 1) {
      await invite(t.app, owner.token, { email: `page${index}@example.com` });
    }
    const first = dataOf(
      await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(owner.token) }),
      auditPageSchema,
    );
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]?.target?.label).toBe(`page${AUDIT_PAGE_SIZE + 4}@example.com`);
    const times = first.entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.nextCursor).not.toBeNull();
    const second = dataOf(
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/audit?cursor=${first.nextCursor ?? ''}`,
        headers: bearer(owner.token),
      }),
      auditPageSchema,
    );
    const firstIds = new Set(first.entries.map((e) => e.id));
    expect(second.entries.some((e) => firstIds.has(e.id))).toBe(false);
    expect(second.entries[0]?.target?.label).toBe('page4@example.com');

    const badCursor = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?cursor=not-a-cursor',
      headers: bearer(owner.token),
    });
    expect(badCursor.statusCode).toBe(400);
    for (const method of ['DELETE', 'PATCH', 'PUT'] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/admin/audit`,
        headers: bearer(owner.token),
      });
      expect(response.statusCode).toBe(404);
    }
    expect(adminRoutes.filter((route) => route.url.includes('audit')).map((r) => r.method)).toEqual(
      ['GET'],
    );
  });
});
