import { PAGE_SESSION_COOKIE } from '@shipdeck/shared/server-rendered-pages';
import {
  demoSlackTexts,
  remindersResultSchema,
  reminderTestResultSchema,
} from '@shipdeck/shared/team-reminders';
import { teamsResultSchema } from '@shipdeck/shared/teams';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { bearer, dataOf, signUpAndLogIn, testConfig } from '../../test-app.js';
import { DEMO_SLACK_PATH } from '../demo-slack.js';
import { ensureDemoReminders } from '../demo-team-reminders.js';
import type { DemoProviders } from '../start-demo-providers.js';
import { startDemoProviders } from '../start-demo-providers.js';

// The whole demo path: octocat connects the emulated GitHub, the sync reads its teams, each
// gets a reminder to the emulator's Slack receiver, and a test of one shows on /_demo/slack.
describe("the demo world's team reminders", () => {
  let demo: DemoProviders;
  let app: FastifyInstance;
  const database = createDatabase({ dialect: 'sqlite', filename: ':memory:' });

  beforeAll(async () => {
    demo = await startDemoProviders(
      testConfig({ publicUrl: 'http://demo.example.com', demoMode: true }),
      { activityMs: 0 },
    );
    app = await buildApp({ config: demo.config, database });
    await demo.serveBrowserPages(app);
  });
  afterAll(async () => {
    await app.close();
    await demo.close();
    await database.destroy();
  });

  it("gives octocat's teams a reminder whose test lands on /_demo/slack", async () => {
    // octocat's token in the emulated world, connected as a personal access token.
    const { token } = await signUpAndLogIn(app);
    const connected = await app.inject({
      method: 'PUT',
      url: '/auth/github',
      headers: bearer(token),
      payload: { token: 'ghp_emu_octocat' },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    await app.jobs.drain();
    // The first look at the teams asks for their sync; the next reads what it stored.
    await app.inject({ method: 'GET', url: '/api/teams', headers: bearer(token) });
    await app.jobs.drain();
    const { teams } = dataOf(
      await app.inject({ method: 'GET', url: '/api/teams', headers: bearer(token) }),
      teamsResultSchema,
    );
    expect(teams.length).toBeGreaterThanOrEqual(2);
    const receiver = demo.config.slackWebhookHosts.at(-1) ?? '';
    let minted = 0;
    const mint = () =>
      `${receiver}/_emulator/slack/services/T${String(++minted).padStart(10, '0')}/B0000000002/${'y'.repeat(23)}${minted % 10}`;
    // The demo's minute job may have made them during the drains already; either way, one each.
    await ensureDemoReminders(app, mint);
    expect(await ensureDemoReminders(app, mint)).toBe(0);
    for (const team of teams) {
      const listed = dataOf(
        await app.inject({
          method: 'GET',
          url: `/api/teams/${team.org}/${team.slug}/reminders`,
          headers: bearer(token),
        }),
        remindersResultSchema,
      );
      expect(listed.reminders).toHaveLength(1);
    }

    // The team with the most pull requests waiting, so the test has something to send.
    const busiest = [...teams].sort(
      (a, b) =>
        b.waiting.reviewers +
        b.waiting.author +
        b.waiting.merge -
        (a.waiting.reviewers + a.waiting.author + a.waiting.merge),
    )[0];
    if (!busiest) throw new Error('no team');
    const base = `/api/teams/${busiest.org}/${busiest.slug}/reminders`;
    const [reminder] = dataOf(
      await app.inject({ method: 'GET', url: base, headers: bearer(token) }),
      remindersResultSchema,
    ).reminders;
    expect(reminder).toMatchObject({ channel: 'slack', enabled: true });
    const sent = dataOf(
      await app.inject({
        method: 'POST',
        url: `${base}/${reminder?.id ?? ''}/test`,
        headers: bearer(token),
      }),
      reminderTestResultSchema,
    );
    expect(sent.sent).toBe(true);
    const page = await app.inject({
      method: 'GET',
      url: DEMO_SLACK_PATH,
      headers: { cookie: `${PAGE_SESSION_COOKIE}=${token}` },
    });
    expect(page.body).not.toContain(demoSlackTexts.empty);
    expect(page.body).toContain(`${busiest.name}: ${sent.pullRequestCount} pull request`);
  });
});
