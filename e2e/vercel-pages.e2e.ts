import type { Page } from 'playwright-core';
import { vercelMessages } from '@shipdeck/shared/vercel-constants';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { signInAsOctocat } from './support/sessions.js';

// Visual checks: PNGs of every Vercel page in both themes and at phone width go here.
const shots = process.env.E2E_SHOTS_DIR;

async function connectDemoVercel(page: Page): Promise<void> {
  await page.goto('/settings');
  const vercelRow = page.locator('li', { hasText: 'Vercel' });
  await vercelRow.getByRole('button').first().waitFor();
  // The same demo GitHub account may have connected Vercel in an earlier test.
  if (await vercelRow.getByRole('button', { name: 'Disconnect' }).isVisible()) {
    await vercelRow.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Vercel account disconnected').waitFor();
  }
  // Not connected: the deployments page offers to connect instead of an error or empty list.
  await page.goto('/deployments');
  await page.getByRole('heading', { name: 'Vercel not connected' }).first().waitFor();
  await page.getByRole('button', { name: 'Connect Vercel' }).first().waitFor();
  await page.goto('/settings');
  await vercelRow.getByRole('button', { name: 'Connect', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Vercel' });
  await dialog.getByRole('button', { name: 'Use the demo account' }).click();
  await page.getByText('Vercel account connected').waitFor();
  await page
    .getByText(/Connected as octocat/)
    .first()
    .waitFor();
}

async function snap(page: Page, name: string): Promise<void> {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

describe('Vercel pages on demo data', () => {
  const e2e = useE2e();

  it('connects with a pasted token scoped to a team, and refuses a wrong token with the reason', async () => {
    const page = await e2e.newPage({ width: 390, colorScheme: 'dark' });
    await signInAsOctocat(page);
    await page.goto('/settings');
    const vercelRow = page.locator('li', { hasText: 'Vercel' });
    await vercelRow.getByRole('button').first().waitFor();
    if (await vercelRow.getByRole('button', { name: 'Disconnect' }).isVisible()) {
      await vercelRow.getByRole('button', { name: 'Disconnect' }).click();
      await page.getByText('Vercel account disconnected').waitFor();
    }
    await vercelRow.getByRole('button', { name: 'Connect', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Vercel' });
    const tokenField = dialog.getByLabel('Access token');
    await tokenField.fill('vercel_emu_nobody_at_all');
    await dialog.getByRole('button', { name: 'Check token' }).click();
    await dialog.getByText(vercelMessages.tokenInvalid).waitFor();

    // The emulator's demo account token, pasted as a user would paste their own.
    await tokenField.fill('vercel_emu_octocat');
    await dialog.getByRole('button', { name: 'Check token' }).click();
    const scope = dialog.getByLabel('Scope for octocat');
    await scope.waitFor();
    await scope.selectOption({ label: 'Shipdeck Labs' });
    await snap(page, 'connect-dialog-team-dark-390');
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText('Vercel account connected').waitFor();
    await vercelRow.getByText(/Connected as octocat \(team Shipdeck Labs\)/).waitFor();

    // The first sync of the team's projects shows on the deployments page (the server tests check
    // that they are the team's and not the personal account's).
    await page.goto('/deployments');
    const projects = page.getByRole('region', { name: 'Vercel Projects' }).locator('li');
    await projects.first().waitFor({ timeout: 20_000 });
    expect(await projects.count()).toBeGreaterThan(0);
    expect(e2e.pageErrors).toEqual([]);
  });

  for (const [theme, width] of [
    ['light', 1280],
    ['dark', 360],
  ] as const) {
    it(`connects the demo account, then shows deployments, panels, the repository card and triage (${theme}, ${width}px)`, async () => {
      const page = await e2e.newPage({ width, colorScheme: theme });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await signInAsOctocat(page);
      await connectDemoVercel(page);
      await snap(page, `settings-${theme}-${width}`);

      await page.goto('/deployments');
      const rows = page.getByRole('region', { name: 'Deployments' }).locator('li');
      await rows.first().waitFor({ timeout: 20_000 });
      await page
        .getByText(/Synced from Vercel/)
        .first()
        .waitFor({ timeout: 20_000 });
      await snap(page, `deployments-${theme}-${width}`);
      // Each row links to its deployment URL, and to its commit on GitHub where it has one.
      const firstRow = rows.first();
      expect(await firstRow.locator('a[href^="https://"][href*=".vercel.app"]').count()).toBe(1);
      expect(
        await page
          .getByRole('region', { name: 'Deployments' })
          .locator('li a[href*="/commit/"]')
          .count(),
      ).toBeGreaterThan(0);
      expect(
        await page
          .getByRole('region', { name: 'Deployments' })
          .locator('li a[href*="/pull/"]')
          .count(),
      ).toBeGreaterThan(0);

      await page.getByLabel('Filter').selectOption('error');
      await page.waitForURL(/filter=error/);
      const failed = page.getByRole('region', { name: 'Deployments' }).locator('li');
      await failed.first().getByText('Failed').waitFor();
      const states = await failed
        .locator('span', { hasText: /^(Deployed|Building|Failed|Unknown)$/ })
        .allTextContents();
      expect(states.length).toBeGreaterThan(0);
      expect(new Set(states)).toEqual(new Set(['Failed']));

      await failed.first().locator('a[href^="/deployments/"]').click();
      await page.waitForURL(/\/deployments\/dpl_/);
      await page.getByRole('heading', { name: 'Build log (last lines)' }).waitFor();
      await page.getByRole('heading', { name: 'What production still serves' }).waitFor();
      await page.locator('pre div').first().waitFor();
      const facts = page.locator('dl').first().locator('dt');
      expect(await facts.allTextContents()).toEqual(
        expect.arrayContaining(['Commit', 'Author', 'Branch', 'Pull request']),
      );
      expect(await page.locator('dd a[href*="/commit/"]').count()).toBe(1);
      // Build tools' colour codes (ESC [36m …) are not shown as raw escape sequences.
      expect(await page.locator('pre').innerText()).not.toMatch(/\[\d+m/);
      await snap(page, `triage-${theme}-${width}`);

      await page.goto('/dashboard');
      const status = page.getByRole('region', { name: 'Deployment Status' });
      const statusItems = status.locator('li');
      await statusItems.first().waitFor({ timeout: 20_000 });
      expect(await statusItems.count()).toBeLessThanOrEqual(5);
      const projects = page.getByRole('region', { name: 'Vercel Projects' }).locator('li');
      await projects.first().waitFor();
      expect(await projects.count()).toBeLessThanOrEqual(6);
      await page
        .getByText(/Connected as octocat/)
        .first()
        .waitFor();
      await snap(page, `dashboard-${theme}-${width}`);

      await page.goto('/repo/octocat/shipdeck');
      const card = page.getByRole('region', { name: 'Deployment' });
      await card
        .getByText(/^(Deployed|Failed|Building|Queued|Cancelled)$/)
        .first()
        .waitFor();
      await card
        .getByText(/Production:/)
        .first()
        .waitFor();
      await card
        .getByText(/^Serves commit/)
        .first()
        .waitFor();
      expect(await card.locator('a[href*="/commit/"]').count()).toBeGreaterThan(0);
      await page.getByText('Live in production').first().waitFor();
      await snap(page, `repository-${theme}-${width}`);

      // A preview deployment built from a commit on the first page shows its URL on that row.
      await page.goto('/repo/octocat/secret-plans');
      const preview = page.getByRole('link', { name: /^Preview: .+\.vercel\.app$/ }).first();
      await preview.waitFor({ timeout: 20_000 });
      expect(await preview.getAttribute('href')).toMatch(/^https:\/\/.+\.vercel\.app$/);

      expect(e2e.pageErrors).toEqual([]);
    });
  }
});
