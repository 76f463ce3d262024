import { metaSchema } from '@shipdeck/shared/meta';
import { mailErrorMessages, testEmailResultSchema } from '@shipdeck/shared/mail';
import { describe, expect, it } from 'vitest';
import { bearer, dataOf, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { drainUntil, linkIn, mailTo, useMailbox } from '../../../test-mail.js';

describe.each(testDialects)('sending email over SMTP on %s', (dialect) => {
  const box = useMailbox();
  const t = useTestApp(dialect, {
    publicUrl: 'https://deck.example.com',
    mail: box.mail,
    metricsPort: 0,
  });

  const sendTest = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/email/test', headers: bearer(token) });

  const statusOf = (userId: string) =>
    t.database.db
      .selectFrom('mail_messages')
      .select(['status', 'attempts', 'last_error', 'payload'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();

  async function mailMetric(outcome: string): Promise<number> {
    const registry = t.app.metrics?.registry;
    if (!registry) throw new Error('metrics are off');
    const metric = await registry.getSingleMetric('shipdeck_mail_messages_total')?.get();
    return (
      metric?.values.find((v) => v.labels.kind === 'test' && v.labels.outcome === outcome)?.value ??
      0
    );
  }

  it('says mail is on, and delivers a test message with text and HTML parts linking PUBLIC_URL', async () => {
    const meta = dataOf(await t.app.inject({ method: 'GET', url: '/api/meta' }), metaSchema);
    expect(meta.mail).toBe(true);
    const { account, token, userId } = await signUpAndLogIn(t.app);
    const queued = await sendTest(token);
    expect(queued.statusCode).toBe(202);
    expect(dataOf(queued, testEmailResultSchema).to).toBe(account.email);
    // Queued, not sent by the request: nothing has arrived before the job runs.
    expect(mailTo(box.receiver, account.email)).toHaveLength(0);

    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, account.email).length === 1,
    );
    const [message] = mailTo(box.receiver, account.email);
    expect(message?.subject).toBe('Shipdeck test email');
    expect(message?.from).toBe('shipdeck@deck.example.com');
    expect(linkIn(message?.text ?? '', 'https://deck.example.com/')).toBe(
      'https://deck.example.com/dashboard',
    );
    expect(message?.html).toContain('href="https://deck.example.com/dashboard"');
    expect(message?.text).toContain(account.username);
    const row = await statusOf(userId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, payload: '' });
    expect(await mailMetric('sent')).toBeGreaterThanOrEqual(1);
  });

  it('retries a 451 reply with backoff and delivers it', async () => {
    const { account, token, userId } = await signUpAndLogIn(t.app);
    const retriedBefore = await mailMetric('retried');
    box.receiver.failNext({ code: 451, message: 'Try again later' });
    expect((await sendTest(token)).statusCode).toBe(202);
    await t.app.jobs.drain();
    expect(mailTo(box.receiver, account.email)).toHaveLength(0);
    expect(await statusOf(userId)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await statusOf(userId)).last_error).toContain('451');

    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, account.email).length === 1,
    );
    expect(await statusOf(userId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await mailMetric('retried')).toBe(retriedBefore + 1);
  });

  it('records a 550 reply as failed and never retries it', async () => {
    const { account, token, userId } = await signUpAndLogIn(t.app);
    const failedBefore = await mailMetric('failed');
    box.receiver.failNext({ code: 550, message: 'No such user here' });
    expect((await sendTest(token)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const row = await statusOf(userId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, payload: '' });
    expect(row.last_error).toContain('550');
    // Past the first retry's backoff: still nothing sent, nothing tried again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await t.app.jobs.drain();
    expect(mailTo(box.receiver, account.email)).toHaveLength(0);
    expect((await statusOf(userId)).attempts).toBe(1);
    expect(await mailMetric('failed')).toBe(failedBefore + 1);
  });

  it('sends a message once per key, however often it is queued', async () => {
    const { account, userId } = await signUpAndLogIn(t.app);
    const mail = {
      key: `test-once:${userId}`,
      userId,
      to: account.email,
      payload: { kind: 'test' as const, username: account.username },
    };
    expect(await t.app.mail.queue(mail)).toBe(true);
    expect(await t.app.mail.queue(mail)).toBe(false);
    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, account.email).length === 1,
    );
    expect(await t.app.mail.queue(mail)).toBe(false);
    await t.app.jobs.drain();
    expect(mailTo(box.receiver, account.email)).toHaveLength(1);
  });

  it('keeps test messages to a few an hour', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const codes: number[] = [];
    for (let index = 0; index < 6; index += 1) codes.push((await sendTest(token)).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe.each(testDialects)('without SMTP_URL on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('says so in /api/meta and sends nothing', async () => {
    const meta = dataOf(await t.app.inject({ method: 'GET', url: '/api/meta' }), metaSchema);
    expect(meta.mail).toBe(false);
    const { token } = await signUpAndLogIn(t.app);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/account/email/test',
      headers: bearer(token),
    });
    // A setting of this server, not a fault: 409, so it never counts among the 5xx an operator
    // is alerted on.
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ message: mailErrorMessages.notConfigured });
    expect(await t.database.db.selectFrom('mail_messages').selectAll().execute()).toHaveLength(0);
  });
});
