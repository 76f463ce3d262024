import { errorMessages } from '@shipdeck/shared/messages';
import { describe, expect, it } from 'vitest';
import { hashOneTimeToken } from '../../../lib/one-time-token.js';
import { bearer, logIn, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { createPasswordReset } from '../create-password-reset.js';

describe.each(testDialects)('setting a new password from a reset link on %s', (dialect) => {
  const t = useTestApp(dialect, { publicUrl: 'https://deck.example.com' });

  const complete = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/password-reset/complete',
      payload: { token, password },
    });

  async function linkFor(userId: string) {
    const { url, expiresAt } = await createPasswordReset(t.app.db, t.app.config.publicUrl, userId);
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://deck.example.com/reset-password');
    return { token: parsed.searchParams.get('token') ?? '', expiresAt };
  }

  it('sets the password once, ends every session, and keeps only the hash', async () => {
    const { account, token: session, userId } = await signUpAndLogIn(t.app);
    const { token, expiresAt } = await linkFor(userId);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    const stored = await t.database.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashOneTimeToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const done = await complete(token, 'a-brand-new-password');
    expect(done.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(session) })).statusCode,
    ).toBe(401);
    // It does not sign anyone in: the answer carries no session.
    expect(done.body).not.toMatch(/sds_/);
    expect(done.headers['set-cookie']).toBeUndefined();
    const old = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: account.email, password: account.password },
    });
    expect(old.statusCode).toBe(401);
    expect(
      (await logIn(t.app, { email: account.email, password: 'a-brand-new-password' })).token,
    ).toMatch(/^sds_/);

    const again = await complete(token, 'yet-another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: errorMessages.passwordResetInvalid });
  });

  it('answers 400 with the same message for an expired or unknown token, and checks the password', async () => {
    const { userId } = await signUpAndLogIn(t.app);
    const { token } = await linkFor(userId);
    const weak = await complete(token, 'abc');
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('body.password');

    await t.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    const expired = await complete(token, 'a-brand-new-password');
    const unknown = await complete('sdr_unknown', 'a-brand-new-password');
    for (const response of [expired, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: errorMessages.passwordResetInvalid });
    }
  });

  it('serves the reset page with no referrer, so the token never leaves in a Referer', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/reset-password?token=sdr_x' });
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });
});
