import {
  INVITATION_TTL_DAYS,
  invitationPreviewSchema,
  invitationsResultSchema,
} from '@shipdeck/shared/admin';
import { userResultSchema } from '@shipdeck/shared/auth';
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
import { hashOneTimeToken } from '../../../lib/one-time-token.js';

describe.each(testDialects)('invitations on %s', (dialect) => {
  const t = useTestApp(dialect, {
    ...accessConfig('invite'),
    publicUrl: 'https://deck.example.com',
  });
  let ownerToken = '';
  const owner = () => ownerToken;

  it('the owner invites: a link under PUBLIC_URL, good for 7 days, stored only as a hash', async () => {
    ownerToken = (await signUpAndLogIn(t.app)).token;
    const before = Date.now();
    const created = await invite(t.app, owner(), { email: 'new.person@example.com' });
    expect(created.url).toBe(
      `https://deck.example.com/signup?invitation=${encodeURIComponent(created.token)}`,
    );
    const ttl = Date.parse(created.expiresAt) - before;
    expect(ttl).toBeGreaterThan(INVITATION_TTL_DAYS * 86_400_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(INVITATION_TTL_DAYS * 86_400_000 + 60_000);
    const row = await t.database.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashOneTimeToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const pending = dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/invitations',
        headers: bearer(owner()),
      }),
      invitationsResultSchema,
    );
    expect(pending.invitations.map((i) => i.id)).toContain(created.id);
  });

  it('shows the link to the invitee, who signs up with its role; a second use answers 410', async () => {
    const created = await invite(t.app, owner(), { role: 'admin' });
    const preview = dataOf(
      await t.app.inject({
        method: 'POST',
        url: '/auth/invitation',
        payload: { invitation: created.token },
      }),
      invitationPreviewSchema,
    );
    expect(preview).toMatchObject({ email: null, role: 'admin', expiresAt: created.expiresAt });
    expect(preview.invitedBy).toMatch(/^user/);

    const account = newAccount('invited');
    expect((await signUp(t.app, account, created.token)).statusCode).toBe(201);
    const { token } = await logIn(t.app, account);
    const me = dataOf(
      await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) }),
      userResultSchema,
    );
    expect(me.user.role).toBe('admin');

    const again = await signUp(t.app, newAccount('again'), created.token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'GONE', message: errorMessages.invitationUsed });

    const pending = dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/invitations',
        headers: bearer(owner()),
      }),
      invitationsResultSchema,
    );
    expect(pending.invitations.map((i) => i.id)).not.toContain(created.id);

    const entry = (await auditEntries(t.app, owner())).find(
      (e) => e.action === 'signup.invitation',
    );
    expect(entry).toMatchObject({
      actor: { kind: 'user', username: account.username },
      target: { type: 'invitation', id: created.id },
      details: { role: 'admin' },
      outcome: 'success',
    });
  });

  it('an invitation for an address admits only that address', async () => {
    const created = await invite(t.app, owner(), { email: 'only.me@example.com' });
    const other = await signUp(t.app, newAccount('other'), created.token);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ message: errorMessages.invitationEmailMismatch });
    const right = await signUp(
      t.app,
      { ...newAccount('right'), email: 'Only.Me@example.com' },
      created.token,
    );
    expect(right.statusCode).toBe(201);
  });

  it('an expired invitation answers 410 and creates nothing', async () => {
    const created = await invite(t.app, owner());
    await t.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', created.id)
      .execute();
    const account = newAccount('late');
    const late = await signUp(t.app, account, created.token);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'GONE', message: errorMessages.invitationExpired });
    const preview = await t.app.inject({
      method: 'POST',
      url: '/auth/invitation',
      payload: { invitation: created.token },
    });
    expect(preview.statusCode).toBe(410);
    expect(
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', account.email)
        .execute(),
    ).toEqual([]);
  });

  it('a revoked invitation stops working at once; revoking twice is 404', async () => {
    const created = await invite(t.app, owner());
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/invitations/${created.id}`,
      headers: bearer(owner()),
    });
    expect(revoke.statusCode).toBe(200);
    const refused = await signUp(t.app, newAccount('revoked'), created.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: errorMessages.invitationInvalid });
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/invitations/${created.id}`,
      headers: bearer(owner()),
    });
    expect(twice.statusCode).toBe(404);
    const entries = await auditEntries(t.app, owner());
    expect(entries.find((e) => e.action === 'invitation.revoked')?.target).toEqual({
      type: 'invitation',
      id: created.id,
      label: 'anyone with the link',
    });
    expect(entries.find((e) => e.action === 'invitation.created')).toBeDefined();
  });

  it('an unknown token is 400 with one message, whatever it looks like', async () => {
    for (const token of ['sdi_nope', 'x'.repeat(150)]) {
      const response = await signUp(t.app, newAccount('guess'), token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: errorMessages.invitationInvalid });
    }
  });

  it('only an owner invites an admin or an owner; an admin invites members', async () => {
    const adminInvite = await invite(t.app, owner(), { role: 'admin' });
    const admin = newAccount('admin');
    await signUp(t.app, admin, adminInvite.token);
    const { token: adminToken } = await logIn(t.app, admin);
    for (const role of ['admin', 'owner'] as const) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/admin/invitations',
        headers: bearer(adminToken),
        payload: { role },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: errorMessages.ownerOnly });
    }
    const member = await invite(t.app, adminToken, { role: 'member' });
    expect(member.url).toContain('/signup?invitation=');
  });

  it('two sign-ups racing with one link: exactly one account is made', async () => {
    const created = await invite(t.app, owner());
    const [a, b] = await Promise.all([
      signUp(t.app, newAccount('race'), created.token),
      signUp(t.app, newAccount('race'), created.token),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 410]);
  });
});
