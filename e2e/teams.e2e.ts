import { AxeBuilder } from '@axe-core/playwright';
import type { TeamsResult } from '@shipdeck/shared/teams';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { signInAsOctocat } from './support/sessions.js';

const shots = process.env.E2E_SHOTS_DIR;
// The demo world's team of octocat (packages/emulator/src/data/generate-teams.ts).
const TEAM_PATH = '/teams/shipdeck-labs/platform';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** GET /api/teams with the page's own session, until the sync has read octocat's teams. */
async function teamsOnceSynced(page: Page): Promise<TeamsResult> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const result = await page.evaluate(async () => {
      const response = await fetch('/api/teams', {
        headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
      });
      return ((await response.json()) as { data: TeamsResult }).data;
    });
    if (result.teams.length > 0 || Date.now() > deadline) return result;
    await page.waitForTimeout(500);
  }
}

async function signedInWithTeams(page: Page, colorScheme: 'light' | 'dark'): Promise<TeamsResult> {
  await page.addInitScript((theme) => localStorage.setItem('theme', theme), colorScheme);
  await signInAsOctocat(page);
  return teamsOnceSynced(page);
}

describe('team page on demo data', () => {
  const e2e = useE2e();

  it.each([
    { colorScheme: 'light' as const, width: 1280 },
    { colorScheme: 'dark' as const, width: 390 },
  ])(
    'opens from the dashboard card, shows who the work waits on, keeps filters in the URL and passes axe ($colorScheme, $width px)',
    async ({ colorScheme, width }) => {
      const page = await e2e.newPage({ colorScheme, width });
      const teams = await signedInWithTeams(page, colorScheme);
      expect(teams.teams.map((team) => `${team.org}/${team.slug}`).sort()).toEqual([
        'shipdeck-labs/platform',
        'shipdeck-labs/web',
      ]);

      await page.goto('/dashboard');
      const card = page.getByRole('region', { name: 'Your teams' });
      const platform = teams.teams.find((team) => team.slug === 'platform');
      if (!platform) throw new Error('no platform team');
      const link = card.getByRole('link', { name: /Platform/ });
      await link.waitFor();
      expect(await link.innerText()).toContain(`${platform.waiting.reviewers} on reviewers`);
      expect(await link.innerText()).toContain(`${platform.waiting.author} on authors`);
      if (shots) await card.screenshot({ path: `${shots}/teams-card-${colorScheme}-${width}.png` });
      await link.click();
      await page.waitForURL(`**${TEAM_PATH}`);

      await page.getByRole('heading', { level: 1, name: 'Platform' }).waitFor();
      const groups = ['Waiting on reviewers', 'Waiting on the author', 'Ready to merge'];
      for (const name of groups) await page.getByRole('heading', { level: 3, name }).waitFor();
      // The demo world puts the team's open pull requests in every waiting state.
      const reviewers = page.getByRole('region', { name: /Waiting on reviewers/ });
      await reviewers
        .getByText(/^Waiting on$/)
        .first()
        .waitFor();
      await page.getByRole('table', { name: /Review load per member/ }).waitFor();
      await page.getByRole('region', { name: 'Team DORA' }).waitFor();
      await page.getByText(/first recorded deployment counts for deployment frequency/).waitFor();

      await page.getByLabel('Drafts').selectOption('hide');
      await page.getByLabel('Sort by').selectOption('stale');
      await page.waitForURL(/[?&]drafts=hide/);
      expect(new URL(page.url()).searchParams.get('sort')).toBe('stale');
      await page.getByRole('region', { name: 'Waiting on the author' }).waitFor();
      await page.waitForLoadState('networkidle');

      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        colorScheme === 'dark',
      );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      if (shots) {
        await page.screenshot({
          path: `${shots}/teams-page-${colorScheme}-${width}.png`,
          fullPage: true,
        });
      }
      expect(e2e.pageErrors).toEqual([]);
    },
  );

  it('finds a team with the command palette, and answers a team not listed for you with not found', async () => {
    const page = await e2e.newPage();
    await signedInWithTeams(page, 'light');
    await page.goto('/teams/shipdeck-labs/no-such-team');
    await page.getByRole('heading', { name: 'Team not found' }).waitFor();

    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.querySelector<HTMLElement>('main')?.focus());
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search Shipdeck' });
    await dialog.getByRole('combobox').fill('platf');
    const option = dialog
      .getByRole('group', { name: 'Teams' })
      .getByRole('option', { name: /^shipdeck-labs\/platform/ });
    await option.click();
    await page.waitForURL(`**${TEAM_PATH}`);
    await page.getByRole('heading', { level: 1, name: 'Platform' }).waitFor();
  });

  it('creates a Slack reminder, sends a test to the demo receiver and shows it at /_demo/slack', async () => {
    const page = await e2e.newPage();
    await signedInWithTeams(page, 'light');
    await page.goto(TEAM_PATH);
    await page.getByRole('button', { name: 'New reminder' }).click();
    const form = page.getByRole('form', { name: 'New reminder' });
    const url = form.getByLabel('Slack webhook URL');

    // A host the operator does not allow is refused by the server, by the field, naming the
    // origins it allows: demo mode's Slack receiver among them.
    await url.fill('https://example.com/services/T0/B0/x');
    await form.getByRole('button', { name: 'Save reminder' }).click();
    const refusal = form.getByText(/^must be a Slack incoming-webhook URL starting with /);
    await refusal.waitFor();
    const origins = ((await refusal.textContent()) ?? '').match(/https?:\/\/[^\s]+/g) ?? [];
    const demoOrigin = origins.find((origin) => !origin.includes('hooks.slack.com'));
    if (!demoOrigin) throw new Error(`no demo Slack origin in: ${origins.join(', ')}`);
    const webhook = `${demoOrigin}/_emulator/slack/services/T0E2ETEAMS0/B0E2ETEAMS0/e2eTeamsReminderSecret24`;

    await url.fill(webhook);
    await form.getByLabel('Times').fill('09:00, 15:30');
    await form.getByLabel('Time zone').selectOption('Europe/Berlin');
    await form.getByRole('checkbox', { name: 'Ignore drafts' }).uncheck();
    await form.getByRole('button', { name: 'Save reminder' }).click();
    await form.waitFor({ state: 'detached' });

    const row = page.getByRole('listitem').filter({ hasText: 'Slack ••••et24' });
    await row.getByText('Mon, Tue, Wed, Thu, Fri at 09:00, 15:30 (Europe/Berlin)').waitFor();
    await row.getByText('created by octocat').waitFor();
    expect(await page.content()).not.toContain('e2eTeamsReminderSecret24');

    await row.getByRole('button', { name: 'Send test now' }).click();
    const status = row.getByRole('status');
    await status.filter({ hasText: /\S/ }).waitFor();
    const message = (await status.textContent()) ?? '';
    expect(message).not.toBe('');

    await page.goto('/_demo/slack');
    await page.getByRole('heading', { name: 'Demo Slack' }).waitFor();
    const posted = page.locator('article').filter({ hasText: 'Platform' }).first();
    await posted.waitFor();
    expect(await posted.innerText()).toMatch(/shipdeck-labs\/(platform|website)/);
  });
});
