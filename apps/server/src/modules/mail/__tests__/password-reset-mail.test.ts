import { afterEach, describe, expect, it, vi } from 'vitest';
import { invite } from '../../../test-access.js';
import {
  bearer,
  logIn,
  newAccount,
  signUpAndLogIn,
  testDialects,
  useTestApp,
} from '../../../test-app.js';
import { drainUntil, linkIn, mailTo, useMailbox } from '../../../test-mail.js';

const PUBLIC_URL = 'https://deck.example.com';

describe.each(testDialects)('"Forgot password?" by email on %s', (dialect) => {
  const box = useMailbox();
  const t = useTestApp(dialect, {
    publicUrl: PUBLIC_URL,
    mail: box.mail,
    authRateLimit: { windowSeconds: 900, perIp: 1_000, perAccount: 3 },
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const ask = (email: string) =>
    t.app.inject({ method: 'POST', url: '/auth/password-reset', payload: { email } });

  const complete = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/password-reset/complete',
      payload: { token, password },
    });

  /** Asks for a reset of `email` and answers the token in the link mailed to it. */
  async function mailedToken(email: string): Promise<string> {
    const before = mailTo(box.receiver, email).length;
    expect((await ask(email)).statusCode).toBe(202);
    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, email).length > before,
    );
    const message = mailTo(box.receiver, email).at(-1);
    expect(message?.subject).toBe('Reset your Shipdeck password');
    const link = linkIn(message?.text ?? '', `${PUBLIC_URL}/reset-password?token=`);
    expect(link).not.toBeNull();
    expect(message?.html).toContain(`href="${link ?? ''}"`);
    return new URL(link ?? '').searchParams.get('token') ?? '';
  }

  it('answers an unknown address exactly as a known one, and mails nothing for it', async () => {
    const { account } = await signUpAndLogIn(t.app);
    const stranger = newAccount('nobody').email;
    const known = await ask(account.email);
    const unknown = await ask(stranger);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, account.email).length === 1,
    );
    expect(mailTo(box.receiver, stranger)).toHaveLength(0);
    expect(
      await t.database.db
        .selectFrom('mail_messages')
        .where('to_address', '=', stranger)
        .selectAll()
        .execute(),
    ).toHaveLength(0);
  });

  it('mails a single-use link that sets the password, ends every session and sends a notice', async () => {
    const { account, token: session } = await signUpAndLogIn(t.app);
    const token = await mailedToken(account.email);
    // Only the token's hash is kept, and the sent message's sealed copy is gone.
    const stored = await t.database.db.selectFrom('password_resets').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await complete(token, 'a-new-password-1')).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(session) });
    expect(me.statusCode).toBe(401);
    expect(
      (await logIn(t.app, { email: account.email, password: 'a-new-password-1' })).token,
    ).toBeTruthy();
    // Used once: the same link is refused the second time.
    expect((await complete(token, 'another-password-2')).statusCode).toBe(400);

    await drainUntil(
      () => t.app.jobs.drain(),
      () =>
        mailTo(box.receiver, account.email).some(
          (m) => m.subject === 'Your Shipdeck password was changed',
        ),
    );
    const notice = mailTo(box.receiver, account.email).at(-1);
    expect(linkIn(notice?.text ?? '', `${PUBLIC_URL}/`)).toBe(`${PUBLIC_URL}/login`);
  });

  it('refuses a mailed link after its hour, with the clock moved', async () => {
    const { account } = await signUpAndLogIn(t.app);
    const token = await mailedToken(account.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    expect((await complete(token, 'a-new-password-1')).statusCode).toBe(400);
  });

  it('limits requests per address asked about, like sign-in', async () => {
    const target = newAccount('target').email;
    const codes: number[] = [];
    for (let index = 0; index < 4; index += 1) codes.push((await ask(target)).statusCode);
    expect(codes).toEqual([202, 202, 202, 429]);
    expect((await ask(newAccount('other').email)).statusCode).toBe(202);
  });
});

describe.each(testDialects)('invitations by email on %s', (dialect) => {
  const box = useMailbox();
  const t = useTestApp(dialect, { publicUrl: PUBLIC_URL, mail: box.mail });

  it('mails an invitation that names an address, with its sign-up link', async () => {
    const { token: owner, account } = await signUpAndLogIn(t.app);
    const invitee = newAccount('invitee').email;
    const created = await invite(t.app, owner, { email: invitee });
    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, invitee).length === 1,
    );
    const [message] = mailTo(box.receiver, invitee);
    expect(message?.subject).toBe(`${account.username} invited you to Shipdeck`);
    expect(linkIn(message?.text ?? '', `${PUBLIC_URL}/signup?invitation=`)).toBe(created.url);
    // A link for anyone names no address: there is no one to mail.
    const before = box.receiver.messages.length;
    await invite(t.app, owner);
    await t.app.jobs.drain();
    expect(box.receiver.messages.length).toBe(before);
  });
});
