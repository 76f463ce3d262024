import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { remindersResultSchema, reminderSchema } from '@shipdeck/shared/team-reminders';
import type { CreateReminderBody } from '@shipdeck/shared/team-reminders';
import { reminderTestResultSchema } from '@shipdeck/shared/team-reminders';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, dataOf, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { useEmulator } from '../../../test-github.js';
import { drainUntil, mailTo, useMailbox } from '../../../test-mail.js';
import { createSecretBox, keyIdOf, sealedKeyId } from '../../../lib/secret-box.js';
import { resealSecrets } from '../../secrets/reseal-secrets.js';
import { queueDueReminders } from '../reminder-jobs.js';
import { slotsBetween } from '../reminder-schedule.js';
import {
  claimDelivery,
  deleteDeliveriesBefore,
  findDelivery,
} from '../team-reminders.repository.js';
import type { SeededTeam } from './seed-team.js';
import { seedPull, seedTeam } from './seed-team.js';

const emulator = useEmulator({ repos: 2, richRepos: 1, projects: 1 });

/** Every day at 09:00 UTC: the test picks the next slot and runs the scheduler at it. */
const EVERY_DAY: Pick<CreateReminderBody, 'days' | 'times' | 'timeZone'> = {
  days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  times: ['09:00'],
  timeZone: 'UTC',
};

function nextSlot(): number {
  const now = Date.now();
  const [slot] = slotsBetween(EVERY_DAY, now, now + 2 * 86_400_000);
  if (slot === undefined) throw new Error('no slot');
  return slot;
}

describe.each(testDialects)('team reminders (%s)', (dialect) => {
  // Filled once the emulator listens: the receiver's origin joins Slack's as an allowed host.
  const slackWebhookHosts = ['https://hooks.slack.com'];
  beforeAll(() => {
    slackWebhookHosts.push(emulator.handle.url);
  });
  const mailbox = useMailbox({ retryDelaySeconds: 1 });
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const ctx = useTestApp(
    dialect,
    { slackWebhookHosts, mail: mailbox.mail, logLevel: 'debug' },
    { logStream },
  );

  let member: Awaited<ReturnType<typeof signUpAndLogIn>>;
  let teammate: Awaited<ReturnType<typeof signUpAndLogIn>>;
  let outsider: Awaited<ReturnType<typeof signUpAndLogIn>>;
  let team: SeededTeam;
  let base: string;
  const now = Date.now();

  beforeEach(() => {
    emulator.handle.faults.clear();
  });

  beforeAll(async () => {
    member = await signUpAndLogIn(ctx.app);
    teammate = await signUpAndLogIn(ctx.app);
    outsider = await signUpAndLogIn(ctx.app);
    team = await seedTeam(ctx.app.db, {
      name: 'Platform',
      viewers: [member.userId, teammate.userId],
      members: [
        { login: 'alice', userId: member.userId },
        { login: 'bob', userId: teammate.userId },
        { login: 'carol' },
      ],
    });
    base = `/api/teams/${team.org}/${team.slug}/reminders`;
    await seedPull(ctx.app.db, team, { now, title: 'Add the parser', requestedReviewers: ['bob'] });
    await seedPull(ctx.app.db, team, {
      now,
      title: 'WIP: new cache',
      draft: true,
      labels: ['on-hold'],
    });
  });

  async function createReminder(
    token: string,
    body: Partial<CreateReminderBody> & Pick<CreateReminderBody, 'channel'>,
  ) {
    return ctx.app.inject({
      method: 'POST',
      url: base,
      headers: bearer(token),
      payload: { ...EVERY_DAY, ...body },
    });
  }

  async function slackReminder(extra: Partial<CreateReminderBody> = {}) {
    const url = emulator.handle.newSlackWebhookUrl();
    const created = await createReminder(member.token, {
      channel: 'slack',
      slackWebhookUrl: url,
      ...extra,
    });
    expect(created.statusCode).toBe(201);
    return {
      url,
      reminder: dataOf(created, reminderSchema),
      path: new URL(url).pathname.replace('/_emulator/slack', ''),
    };
  }

  it('lets any member make one, records who did, and never gives the webhook URL back', async () => {
    const url = emulator.handle.newSlackWebhookUrl();
    const created = await createReminder(teammate.token, {
      channel: 'slack',
      slackWebhookUrl: url,
    });
    expect(created.statusCode).toBe(201);
    const reminder = dataOf(created, reminderSchema);
    expect(reminder).toMatchObject({
      channel: 'slack',
      enabled: true,
      slackWebhookLast4: url.slice(-4),
      createdBy: teammate.account.username,
      ignoreDrafts: true,
    });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: base,
      headers: bearer(member.token),
    });
    expect(dataOf(listed, remindersResultSchema).reminders.map((r) => r.id)).toContain(reminder.id);
    const secret = new URL(url).pathname;
    for (const text of [created.body, listed.body, logLines.join('')]) {
      expect(text).not.toContain(secret);
    }
    const stored = await ctx.app.db
      .selectFrom('team_reminders')
      .select('slack_webhook_sealed')
      .where('id', '=', reminder.id)
      .executeTakeFirstOrThrow();
    expect(stored.slack_webhook_sealed).not.toContain(secret);
    expect(ctx.app.secrets.open(stored.slack_webhook_sealed ?? '')).toBe(url);

    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `${base}/${reminder.id}`,
      headers: bearer(member.token),
      payload: { minAgeHours: 4 },
    });
    expect(dataOf(changed, reminderSchema).minAgeHours).toBe(4);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `${base}/${reminder.id}`,
      headers: bearer(member.token),
    });
    expect(deleted.statusCode).toBe(200);
    const audit = await ctx.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_username', 'details'])
      .where('target_id', '=', reminder.id)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => [entry.action, entry.actor_username])).toEqual([
      ['reminder.created', teammate.account.username],
      ['reminder.updated', member.account.username],
      ['reminder.deleted', member.account.username],
    ]);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('has its webhook URL re-sealed by an ENCRYPTION_KEY rotation', async () => {
    const { reminder, url } = await slackReminder();
    const current = ctx.app.config.encryptionKey;
    if (!current) throw new Error('no key');
    const next = randomBytes(32);
    const report = await resealSecrets(ctx.app.db, createSecretBox(next, [current]), keyIdOf(next));
    expect(report.failed).toEqual([]);
    const row = await ctx.app.db
      .selectFrom('team_reminders')
      .select('slack_webhook_sealed')
      .where('id', '=', reminder.id)
      .executeTakeFirstOrThrow();
    expect(sealedKeyId(row.slack_webhook_sealed ?? '')).toBe(keyIdOf(next));
    expect(createSecretBox(next).open(row.slack_webhook_sealed ?? '')).toBe(url);
    // Put back under the app's own key, for the tests after this one.
    await resealSecrets(ctx.app.db, createSecretBox(current, [next]), keyIdOf(current));
  });

  it('answers 404 to anyone GitHub does not list the team for, on every route', async () => {
    const { reminder, path } = await slackReminder();
    const asOutsider = bearer(outsider.token);
    const answers = await Promise.all([
      ctx.app.inject({ method: 'GET', url: base, headers: asOutsider }),
      createReminder(outsider.token, { channel: 'email' }),
      ctx.app.inject({
        method: 'PATCH',
        url: `${base}/${reminder.id}`,
        headers: asOutsider,
        payload: { enabled: false },
      }),
      ctx.app.inject({ method: 'DELETE', url: `${base}/${reminder.id}`, headers: asOutsider }),
      ctx.app.inject({ method: 'POST', url: `${base}/${reminder.id}/test`, headers: asOutsider }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404]);
    // The outsider's test sent nothing, and the reminder is as it was.
    expect(emulator.handle.slack.list(path)).toEqual([]);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: base,
      headers: bearer(member.token),
    });
    expect(
      dataOf(listed, remindersResultSchema).reminders.find((r) => r.id === reminder.id)?.enabled,
    ).toBe(true);
  });

  it('refuses a webhook URL outside SLACK_WEBHOOK_HOSTS with 400 naming the field', async () => {
    for (const url of [
      'http://127.0.0.1:5432/services/T1/B2/x',
      'http://169.254.169.254/latest/meta-data/',
      'https://hooks.slack.com.evil.example/services/T1/B2/x',
    ]) {
      const refused = await createReminder(member.token, {
        channel: 'slack',
        slackWebhookUrl: url,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        errors: [expect.objectContaining({ field: 'body.slackWebhookUrl' })],
      });
    }
    const { reminder } = await slackReminder();
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `${base}/${reminder.id}`,
      headers: bearer(member.token),
      payload: { slackWebhookUrl: 'http://localhost:3000/' },
    });
    expect(patched.statusCode).toBe(400);
    const missing = await createReminder(member.token, { channel: 'slack' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      errors: [expect.objectContaining({ field: 'body.slackWebhookUrl' })],
    });
  });

  it('calls no webhook whose origin the operator no longer allows', async () => {
    const { reminder, path } = await slackReminder();
    await ctx.app.db
      .updateTable('team_reminders')
      .set({ enabled: 0 })
      .where('id', '!=', reminder.id)
      .execute();
    const emulatorOrigin = slackWebhookHosts.pop();
    try {
      const tested = await ctx.app.inject({
        method: 'POST',
        url: `${base}/${reminder.id}/test`,
        headers: bearer(member.token),
      });
      expect(dataOf(tested, reminderTestResultSchema)).toMatchObject({ sent: false });
      const slot = nextSlot();
      await queueDueReminders(ctx.app, slot);
      await ctx.app.jobs.drain();
      expect(
        await findDelivery(ctx.app.db, reminder.id, new Date(slot).toISOString()),
      ).toMatchObject({ status: 'failed', last_error: 'webhook host not allowed' });
      expect(emulator.handle.slack.list(path)).toEqual([]);
    } finally {
      if (emulatorOrigin) slackWebhookHosts.push(emulatorOrigin);
      await ctx.app.db.deleteFrom('team_reminder_deliveries').execute();
    }
  });

  it('sends a test now: Block Kit with a header and the top-level text, only what matches', async () => {
    const { reminder, path } = await slackReminder();
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `${base}/${reminder.id}/test`,
      headers: bearer(member.token),
    });
    expect(dataOf(sent, reminderTestResultSchema)).toMatchObject({
      sent: true,
      pullRequestCount: 1,
    });
    const [message, ...more] = emulator.handle.slack.list(path);
    expect(more).toEqual([]);
    expect(message?.text).toBe('1 pull request of Platform is waiting');
    expect(message?.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: 'Platform: 1 pull request waiting' },
    });
    const blocks = JSON.stringify(message?.blocks);
    expect(blocks).toContain('Add the parser');
    expect(blocks).toContain('@bob');
    // The draft is left out (ignoreDrafts defaults to on).
    expect(blocks).not.toContain('new cache');

    // Nothing matches: nothing is sent.
    const { reminder: quiet, path: quietPath } = await slackReminder({ ignoredTerms: ['parser'] });
    const nothing = await ctx.app.inject({
      method: 'POST',
      url: `${base}/${quiet.id}/test`,
      headers: bearer(member.token),
    });
    expect(dataOf(nothing, reminderTestResultSchema)).toMatchObject({
      sent: false,
      pullRequestCount: 0,
    });
    expect(emulator.handle.slack.list(quietPath)).toEqual([]);
  });

  it('sends each scheduled slot once, and nothing when nothing matches', async () => {
    const { reminder, path } = await slackReminder();
    const { reminder: quiet, path: quietPath } = await slackReminder({
      requiredLabels: ['no-such-label'],
    });
    const slot = nextSlot();
    const queued = await queueDueReminders(ctx.app, slot);
    expect(queued).toBeGreaterThanOrEqual(2);
    // The scheduler waking again for the same slot queues nothing more.
    expect(await queueDueReminders(ctx.app, slot)).toBe(0);
    expect(await queueDueReminders(ctx.app, slot + 60_000)).toBe(0);
    await ctx.app.jobs.drain();
    expect(emulator.handle.slack.list(path)).toHaveLength(1);
    expect(emulator.handle.slack.list(quietPath)).toEqual([]);
    const slotIso = new Date(slot).toISOString();
    expect((await findDelivery(ctx.app.db, reminder.id, slotIso))?.status).toBe('sent');
    expect((await findDelivery(ctx.app.db, quiet.id, slotIso))?.status).toBe('empty');
    // Slot records are forgotten only once past (the tick forgets those a month old).
    expect(await deleteDeliveriesBefore(ctx.app.db, slotIso)).toBe(0);
    expect(await deleteDeliveriesBefore(ctx.app.db, new Date(slot + 1).toISOString())).toBe(queued);
  });

  it('queues again a slot whose job was lost between recording it and queueing it', async () => {
    const { reminder, path } = await slackReminder();
    await ctx.app.db
      .updateTable('team_reminders')
      .set({ enabled: 0 })
      .where('id', '!=', reminder.id)
      .execute();
    const slot = nextSlot();
    const slotIso = new Date(slot).toISOString();
    // The slot recorded, then the process died before its job was queued.
    expect(await claimDelivery(ctx.app.db, reminder.id, slotIso, slotIso)).toBe(true);
    await ctx.app.jobs.drain();
    expect(emulator.handle.slack.list(path)).toEqual([]);
    // A minute on it may still be on its way; two minutes on, it is queued again, once.
    expect(await queueDueReminders(ctx.app, slot + 60_000)).toBe(0);
    await ctx.app.jobs.drain();
    expect(emulator.handle.slack.list(path)).toEqual([]);
    await queueDueReminders(ctx.app, slot + 3 * 60_000);
    await queueDueReminders(ctx.app, slot + 3 * 60_000);
    await ctx.app.jobs.drain();
    await queueDueReminders(ctx.app, slot + 4 * 60_000);
    await ctx.app.jobs.drain();
    expect(emulator.handle.slack.list(path)).toHaveLength(1);
    expect((await findDelivery(ctx.app.db, reminder.id, slotIso))?.status).toBe('sent');
  });

  it("waits out Slack's Retry-After on a 429, then sends", async () => {
    const { reminder, path } = await slackReminder();
    await ctx.app.db
      .updateTable('team_reminders')
      .set({ enabled: 0 })
      .where('id', '!=', reminder.id)
      .execute();
    emulator.handle.faults.add({
      area: 'slack',
      errorRate: 1,
      errorStatus: 429,
      retryAfterSeconds: 2,
      times: 1,
    });
    const slot = nextSlot();
    await queueDueReminders(ctx.app, slot);
    const started = Date.now();
    await ctx.app.jobs.drain();
    const slotIso = new Date(slot).toISOString();
    expect(emulator.handle.slack.list(path)).toEqual([]);
    expect(await findDelivery(ctx.app.db, reminder.id, slotIso)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: '429 rate_limited',
    });
    // Not before Retry-After: running what is due at once sends nothing.
    await ctx.app.jobs.drain();
    expect(emulator.handle.slack.list(path)).toEqual([]);
    await drainUntil(
      () => ctx.app.jobs.drain(),
      () => emulator.handle.slack.list(path).length > 0,
      10_000,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(emulator.handle.slack.list(path)).toHaveLength(1);
    expect((await findDelivery(ctx.app.db, reminder.id, slotIso))?.status).toBe('sent');
  });

  it('puts a Slack 5xx back for a retry with backoff, the reminder left on', async () => {
    const { reminder, path } = await slackReminder();
    await ctx.app.db
      .updateTable('team_reminders')
      .set({ enabled: 0 })
      .where('id', '!=', reminder.id)
      .execute();
    emulator.handle.faults.add({ area: 'slack', errorRate: 1, errorStatus: 500, times: 1 });
    const slot = nextSlot();
    await queueDueReminders(ctx.app, slot);
    await ctx.app.jobs.drain();
    const slotIso = new Date(slot).toISOString();
    expect(emulator.handle.slack.list(path)).toEqual([]);
    expect(await findDelivery(ctx.app.db, reminder.id, slotIso)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: '500 rollup_error',
    });
    // The retry waits its backoff (30 s): nothing runs it now.
    await ctx.app.jobs.drain();
    expect(emulator.handle.slack.list(path)).toEqual([]);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: base,
      headers: bearer(member.token),
    });
    expect(
      dataOf(listed, remindersResultSchema).reminders.find((r) => r.id === reminder.id)?.enabled,
    ).toBe(true);
    await ctx.app.db.deleteFrom('team_reminder_deliveries').execute();
  });

  it('turns itself off on 410 channel_is_archived and tells its creator in the inbox and by email', async () => {
    const { reminder, path } = await slackReminder();
    await ctx.app.db
      .updateTable('team_reminders')
      .set({ enabled: 0 })
      .where('id', '!=', reminder.id)
      .execute();
    emulator.handle.faults.add({ area: 'slack', errorRate: 1, errorStatus: 410, times: 1 });
    const slot = nextSlot();
    await queueDueReminders(ctx.app, slot);
    await ctx.app.jobs.drain();
    expect(emulator.handle.slack.list(path)).toEqual([]);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: base,
      headers: bearer(member.token),
    });
    expect(
      dataOf(listed, remindersResultSchema).reminders.find((r) => r.id === reminder.id),
    ).toMatchObject({ enabled: false, disabledReason: 'channel_is_archived' });
    const items = await ctx.app.db
      .selectFrom('notifications')
      .select(['type', 'message', 'link'])
      .where('user_id', '=', member.userId)
      .where('type', '=', 'reminder-disabled')
      .execute();
    expect(items).toHaveLength(1);
    expect(items[0]?.message).toContain('channel_is_archived');
    await drainUntil(
      () => ctx.app.jobs.drain(),
      () =>
        mailTo(mailbox.receiver, member.account.email).some((m) =>
          m.subject.includes('turned off'),
        ),
    );
    // Off: the next slot sends nothing, until someone turns it on again.
    expect(await queueDueReminders(ctx.app, slot + 86_400_000)).toBe(0);
    const on = await ctx.app.inject({
      method: 'PATCH',
      url: `${base}/${reminder.id}`,
      headers: bearer(member.token),
      payload: { enabled: true },
    });
    expect(dataOf(on, reminderSchema)).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('emails the members with accounts and email, the same content', async () => {
    await ctx.app.db.updateTable('team_reminders').set({ enabled: 0 }).execute();
    const created = await createReminder(member.token, { channel: 'email' });
    const reminder = dataOf(created, reminderSchema);
    expect(reminder.slackWebhookLast4).toBeNull();
    const slot = nextSlot();
    expect(await queueDueReminders(ctx.app, slot)).toBe(1);
    const reminderMail = (address: string) =>
      mailTo(mailbox.receiver, address).filter((m) => m.subject.includes('of Platform waiting'));
    await drainUntil(
      () => ctx.app.jobs.drain(),
      () =>
        reminderMail(member.account.email).length > 0 &&
        reminderMail(teammate.account.email).length > 0,
    );
    const [mail] = reminderMail(member.account.email);
    expect(mail?.text).toContain('Add the parser');
    expect(mail?.text).toContain('Waiting on reviewers');
    expect(mail?.text).toContain('@bob');
    // Each pull request links to GitHub: in the HTML part, and spelled out in the text part.
    expect(mail?.html).toMatch(/href="https:\/\/github\.com\/acme\/repo\d+\/pull\/\d+"/);
    expect(mail?.text).toMatch(/https:\/\/github\.com\/acme\/repo\d+\/pull\/\d+/);
    expect(reminderMail(outsider.account.email)).toEqual([]);
  });

  it('goes off when its maker leaves the team, and is taken over by whoever turns it on', async () => {
    await ctx.app.db.updateTable('team_reminders').set({ enabled: 0 }).execute();
    const url = emulator.handle.newSlackWebhookUrl();
    const path = new URL(url).pathname.replace('/_emulator/slack', '');
    const reminder = dataOf(
      await createReminder(teammate.token, { channel: 'slack', slackWebhookUrl: url }),
      reminderSchema,
    );
    // GitHub no longer lists the team for its maker.
    const viewer = await ctx.app.db
      .selectFrom('github_team_viewers')
      .selectAll()
      .where('user_id', '=', teammate.userId)
      .executeTakeFirstOrThrow();
    await ctx.app.db
      .deleteFrom('github_team_viewers')
      .where('user_id', '=', teammate.userId)
      .execute();
    try {
      const slot = nextSlot();
      await queueDueReminders(ctx.app, slot);
      await ctx.app.jobs.drain();
      expect(emulator.handle.slack.list(path)).toEqual([]);
      const off = await ctx.app.inject({ method: 'GET', url: base, headers: bearer(member.token) });
      expect(
        dataOf(off, remindersResultSchema).reminders.find((r) => r.id === reminder.id),
      ).toMatchObject({ enabled: false, disabledReason: 'creator_left' });
      const on = await ctx.app.inject({
        method: 'PATCH',
        url: `${base}/${reminder.id}`,
        headers: bearer(member.token),
        payload: { enabled: true },
      });
      expect(dataOf(on, reminderSchema)).toMatchObject({
        enabled: true,
        createdBy: member.account.username,
      });
      await queueDueReminders(ctx.app, slot + 86_400_000);
      await ctx.app.jobs.drain();
      expect(emulator.handle.slack.list(path)).toHaveLength(1);
    } finally {
      await ctx.app.db
        .insertInto('github_team_viewers')
        .values({ ...viewer, team_id: Number(viewer.team_id) })
        .execute();
    }
  });

  it('keeps a team to 20 reminders', async () => {
    let answer = await createReminder(member.token, { channel: 'email' });
    for (let made = 0; answer.statusCode === 201 && made < 30; made += 1)
      answer = await createReminder(member.token, { channel: 'email' });
    expect(answer.statusCode).toBe(409);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: base,
      headers: bearer(member.token),
    });
    expect(dataOf(listed, remindersResultSchema).reminders).toHaveLength(20);
  });
});
