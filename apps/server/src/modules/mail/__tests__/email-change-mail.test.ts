import { emailChangeResultSchema } from '@shipdeck/shared/mail';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, newAccount, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { dataOf } from '../../../test-app.js';
import { drainUntil, linkIn, mailTo, useMailbox } from '../../../test-mail.js';

const PUBLIC_URL = 'https://deck.example.com';

describe.each(testDialects)('confirmed email changes on %s', (dialect) => {
  const box = useMailbox();
  const t = useTestApp(dialect, { publicUrl: PUBLIC_URL, mail: box.mail });

  afterEach(() => {
    vi.useRealTimers();
  });

  const me = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) })).json<{
      data: { user: { email: string } };
    }>().data.user;

  const pending = async (token: string) =>
    dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/api/account/email-change',
        headers: bearer(token),
      }),
      emailChangeResultSchema,
    ).pending;

  const confirm = (token: string) =>
    t.app.inject({ method: 'POST', url: '/auth/email-change/confirm', payload: { token } });

  /** Changes the email on the profile and answers the token of the link mailed to it. */
  async function change(session: string, account: ReturnType<typeof newAccount>, to: string) {
    const before = mailTo(box.receiver, to).length;
    const answer = await t.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: bearer(session),
      payload: { displayName: account.username, email: to, currentPassword: account.password },
    });
    expect(answer.statusCode).toBe(200);
    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, to).length > before,
    );
    const message = mailTo(box.receiver, to).at(-1);
    expect(message?.subject).toBe('Confirm your new email for Shipdeck');
    const link = linkIn(message?.text ?? '', `${PUBLIC_URL}/confirm-email?token=`) ?? '';
    return new URL(link).searchParams.get('token') ?? '';
  }

  it('keeps the old address until the link mailed to the new one is opened, and tells the old one', async () => {
    const { account, token: session } = await signUpAndLogIn(t.app);
    const next = newAccount('next').email;
    const token = await change(session, account, next);
    expect((await me(session)).email).toBe(account.email);
    expect((await pending(session))?.email).toBe(next);
    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, account.email).length === 1,
    );
    const [notice] = mailTo(box.receiver, account.email);
    expect(notice?.subject).toBe('Your Shipdeck email is being changed');
    expect(notice?.text).toContain(next);
    // Only the hash of the token is kept.
    const rows = await t.database.db.selectFrom('email_changes').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect((await me(session)).email).toBe(next);
    expect(await pending(session)).toBeNull();
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('resends a fresh link (the old one stops working) and cancels', async () => {
    const { account, token: session } = await signUpAndLogIn(t.app);
    const next = newAccount('next').email;
    const first = await change(session, account, next);
    const before = mailTo(box.receiver, next).length;
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/account/email-change/resend',
      headers: bearer(session),
    });
    expect(resent.statusCode).toBe(200);
    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, next).length > before,
    );
    const second =
      new URL(
        linkIn(
          mailTo(box.receiver, next).at(-1)?.text ?? '',
          `${PUBLIC_URL}/confirm-email?token=`,
        ) ?? '',
      ).searchParams.get('token') ?? '';
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(400);

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/email-change',
      headers: bearer(session),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await pending(session)).toBeNull();
    expect((await confirm(second)).statusCode).toBe(400);
    expect((await me(session)).email).toBe(account.email);
  });

  it('refuses a link after 24 hours, with the clock moved', async () => {
    const { account, token: session } = await signUpAndLogIn(t.app);
    const token = await change(session, account, newAccount('late').email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 3_600_000 });
    expect((await confirm(token)).statusCode).toBe(400);
  });
});

describe.each(testDialects)('email changes without mail on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('applies the new address at once, as before', async () => {
    const { account, token: session } = await signUpAndLogIn(t.app);
    const next = newAccount('now').email;
    const answer = await t.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: bearer(session),
      payload: { displayName: account.username, email: next, currentPassword: account.password },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ data: { user: { email: string } } }>().data.user.email).toBe(next);
  });
});
