import { reminderSchema } from '@shipdeck/shared/team-reminders';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, dataOf, signUpAndLogIn, useTwoPostgresInstances } from '../../../test-app.js';
import { useEmulator } from '../../../test-github.js';
import { queueDueReminders } from '../reminder-jobs.js';
import { slotsBetween } from '../reminder-schedule.js';
import { seedPull, seedTeam } from './seed-team.js';

const emulator = useEmulator({ repos: 2, richRepos: 1, projects: 1 });

// Two instances over one PostgreSQL, as behind a load balancer: both schedulers wake for the
// same slot and both workers drain at once; Slack still gets the reminder once.
describe.runIf(process.env.TEST_DATABASE_URL)('team reminders on two instances', () => {
  const slackWebhookHosts = ['https://hooks.slack.com'];
  beforeAll(() => {
    slackWebhookHosts.push(emulator.handle.url);
  });
  const instances = useTwoPostgresInstances({ slackWebhookHosts });

  it('sends each slot once', async () => {
    const [first, second] = instances.apps;
    const member = await signUpAndLogIn(first);
    const team = await seedTeam(first.db, {
      name: 'Platform',
      viewers: [member.userId],
      members: [{ login: 'alice', userId: member.userId }, { login: 'bob' }],
    });
    const now = Date.now();
    await seedPull(first.db, team, { now, title: 'Add the parser' });
    const url = emulator.handle.newSlackWebhookUrl();
    const schedule = {
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const,
      times: ['09:00', '17:30'],
      timeZone: 'Europe/Berlin',
    };
    const created = await second.inject({
      method: 'POST',
      url: `/api/teams/${team.org}/${team.slug}/reminders`,
      headers: bearer(member.token),
      payload: { channel: 'slack', slackWebhookUrl: url, ...schedule },
    });
    expect(dataOf(created, reminderSchema).enabled).toBe(true);

    const slots = slotsBetween(
      { ...schedule, days: [...schedule.days] },
      now,
      now + 2 * 86_400_000,
    ).slice(0, 2);
    for (const slot of slots) {
      const queued = await Promise.all([
        queueDueReminders(first, slot),
        queueDueReminders(second, slot),
        queueDueReminders(first, slot + 30_000),
        queueDueReminders(second, slot + 60_000),
      ]);
      expect(queued.reduce((sum, count) => sum + count, 0)).toBe(1);
      await Promise.all([first.jobs.drain(), second.jobs.drain()]);
    }
    await Promise.all([first.jobs.drain(), second.jobs.drain()]);
    const path = new URL(url).pathname.replace('/_emulator/slack', '');
    expect(emulator.handle.slack.list(path)).toHaveLength(2);
    const deliveries = await first.db
      .selectFrom('team_reminder_deliveries')
      .select(['slot', 'status'])
      .orderBy('slot')
      .execute();
    expect(deliveries).toEqual(
      slots.map((slot) => ({ slot: new Date(slot).toISOString(), status: 'sent' })),
    );
  });
});
