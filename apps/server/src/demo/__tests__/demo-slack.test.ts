import { remindersResultSchema, reminderTestResultSchema } from '@shipdeck/shared/team-reminders';
import { demoSlackTexts } from '@shipdeck/shared/team-reminders';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { seedPull, seedTeam } from '../../modules/team-reminders/__tests__/seed-team.js';
import { bearer, dataOf, newAccount, testConfig } from '../../test-app.js';
import { DEMO_SLACK_PATH } from '../demo-slack.js';
import { ensureDemoReminders } from '../demo-team-reminders.js';
import type { DemoProviders } from '../start-demo-providers.js';
import { startDemoProviders } from '../start-demo-providers.js';

describe('demo reminders and /_demo/slack', () => {
  let demo: DemoProviders;
  let app: FastifyInstance;
  let newWebhookUrl: () => string;
  const database = createDatabase({ dialect: 'sqlite', filename: ':memory:' });

  beforeAll(async () => {
    demo = await startDemoProviders(
      testConfig({ publicUrl: 'http://demo.example.com', demoMode: true }),
      { activityMs: 0 },
    );
    app = await buildApp({ config: demo.config, database });
    await demo.serveBrowserPages(app);
    // Demo mode allows the emulator's origin beside Slack's.
    const emulatorUrl = demo.config.slackWebhookHosts.at(-1) ?? '';
    let count = 0;
    // Webhook URLs of the emulator's receiver, in Slack's shape.
    newWebhookUrl = () =>
      `${emulatorUrl}/_emulator/slack/services/T${String(++count).padStart(10, '0')}/B0000000001/${'x'.repeat(23)}${count % 10}`;
  });
  afterAll(async () => {
    await app.close();
    await demo.close();
    await database.destroy();
  });

  async function signedIn(): Promise<{ token: string; userId: string; cookie: string }> {
    const account = newAccount('demo');
    await app.inject({ method: 'POST', url: '/auth/signup', payload: account });
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: account.email, password: account.password },
    });
    const body = login.json<{ data: { token: string; user: { id: string } } }>();
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return { token: body.data.token, userId: body.data.user.id, cookie };
  }

  const slackPage = async (cookie?: string) => {
    const page = await app.inject({
      method: 'GET',
      url: DEMO_SLACK_PATH,
      headers: cookie ? { cookie } : {},
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    return page.body;
  };

  it('gives each synced team a reminder to the demo receiver, and shows each person only their teams’', async () => {
    const ada = await signedIn();
    const bob = await signedIn();
    const now = Date.now();
    const platform = await seedTeam(app.db, {
      name: 'Platform',
      viewers: [ada.userId],
      members: [{ login: 'ada', userId: ada.userId }, { login: 'carol' }],
    });
    const web = await seedTeam(app.db, {
      name: 'Web',
      viewers: [bob.userId],
      members: [{ login: 'bob', userId: bob.userId }],
    });
    await seedPull(app.db, platform, { now, title: 'Platform parser' });
    await seedPull(app.db, web, { now, title: 'Web header' });

    expect(await ensureDemoReminders(app, newWebhookUrl)).toBe(2);
    expect(await ensureDemoReminders(app, newWebhookUrl)).toBe(0);
    expect(await slackPage(ada.cookie)).toContain(demoSlackTexts.empty);

    for (const [person, team] of [
      [ada, platform],
      [bob, web],
    ] as const) {
      const base = `/api/teams/${team.org}/${team.slug}/reminders`;
      const listed = dataOf(
        await app.inject({ method: 'GET', url: base, headers: bearer(person.token) }),
        remindersResultSchema,
      );
      expect(listed.reminders).toHaveLength(1);
      const [reminder] = listed.reminders;
      expect(reminder?.slackWebhookLast4).toHaveLength(4);
      const sent = await app.inject({
        method: 'POST',
        url: `${base}/${reminder?.id ?? ''}/test`,
        headers: bearer(person.token),
      });
      expect(dataOf(sent, reminderTestResultSchema).sent).toBe(true);
    }

    const adaPage = await slackPage(ada.cookie);
    expect(adaPage).toContain('Platform parser');
    expect(adaPage).not.toContain('Web header');
    // Slack's mrkdwn drawn: the group title bold, each pull request a link.
    expect(adaPage).toContain('<strong>Waiting on reviewers</strong>');
    expect(adaPage).toMatch(/<a href="https:\/\/github\.com\/acme\/repo\d+\/pull\/\d+"/);
    const bobPage = await slackPage(bob.cookie);
    expect(bobPage).toContain('Web header');
    expect(bobPage).not.toContain('Platform parser');
    expect(await slackPage()).toContain(demoSlackTexts.signedOut);

    // A demo reminder someone deleted stays deleted.
    const base = `/api/teams/${platform.org}/${platform.slug}/reminders`;
    const [reminder] = dataOf(
      await app.inject({ method: 'GET', url: base, headers: bearer(ada.token) }),
      remindersResultSchema,
    ).reminders;
    await app.inject({
      method: 'DELETE',
      url: `${base}/${reminder?.id ?? ''}`,
      headers: bearer(ada.token),
    });
    expect(await ensureDemoReminders(app, newWebhookUrl)).toBe(0);
  });
});
