import { describe, expect, it } from 'vitest';
import { bearer, newAccount, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { drainUntil, linkIn, mailTo, useMailbox } from '../../../test-mail.js';

const PUBLIC_URL = 'https://deck.example.com';

describe.each(testDialects)('email changes in the audit log on %s', (dialect) => {
  const box = useMailbox();
  const t = useTestApp(dialect, { publicUrl: PUBLIC_URL, mail: box.mail });

  const entriesFor = (userId: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'target_id', 'details'])
      .where('target_id', '=', userId)
      .where('action', 'in', [
        'email.change_requested',
        'email.change_cancelled',
        'email.change_confirmed',
      ])
      .orderBy('at')
      .orderBy('id')
      .execute();

  async function requestChange(
    session: string,
    account: ReturnType<typeof newAccount>,
    to: string,
  ) {
    const answer = await t.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: bearer(session),
      payload: { displayName: account.username, email: to, currentPassword: account.password },
    });
    expect(answer.statusCode).toBe(200);
  }

  it('records a change requested, cancelled, requested again and confirmed, naming both addresses', async () => {
    const { account, token: session, userId } = await signUpAndLogIn(t.app);
    const first = newAccount('first').email;
    const second = newAccount('second').email;
    await requestChange(session, account, first);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/email-change',
      headers: bearer(session),
    });
    expect(cancel.statusCode).toBe(200);
    // Cancelling with nothing waiting records nothing.
    await t.app.inject({
      method: 'DELETE',
      url: '/api/account/email-change',
      headers: bearer(session),
    });
    await requestChange(session, account, second);
    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, second).length === 1,
    );
    const link = linkIn(
      mailTo(box.receiver, second)[0]?.text ?? '',
      `${PUBLIC_URL}/confirm-email?token=`,
    );
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/auth/email-change/confirm',
          payload: { token },
        })
      ).statusCode,
    ).toBe(200);

    const entries = await entriesFor(userId);
    expect(entries.map((entry) => entry.action)).toEqual([
      'email.change_requested',
      'email.change_cancelled',
      'email.change_requested',
      'email.change_confirmed',
    ]);
    expect(entries.every((entry) => entry.actor_user_id === userId)).toBe(true);
    expect(JSON.parse(entries[1]?.details ?? '{}')).toEqual({ from: account.email, to: first });
    expect(JSON.parse(entries[3]?.details ?? '{}')).toEqual({
      from: account.email,
      to: second,
      confirmedByMail: true,
    });
  });
});
