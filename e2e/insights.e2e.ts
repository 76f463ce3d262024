import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';

async function signInAsOctocat(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with GitHub' }).click();
  await page.locator('button[data-login="octocat"]').click();
  await page.waitForURL('**/dashboard');
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

describe('insights page on demo data', () => {
  const e2e = useE2e();

  it.each(['light', 'dark'] as const)(
    'opens from the nav, says honestly what it lacks and passes axe in %s',
    async (colorScheme) => {
      const page = await e2e.newPage({ colorScheme });
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), colorScheme);
      await signInAsOctocat(page);
      await page.getByRole('navigation').getByRole('link', { name: 'Insights' }).first().click();
      await page.waitForURL('**/insights');
      await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
      // Vercel deployments are not synced in this build: the page says so instead of showing zeros.
      await page.getByText('No deployment data yet').waitFor();
      await page.getByText(/yearly survey/).waitFor();
      await page.getByLabel('Window').selectOption('7');
      await page.getByText('No deployment data yet').waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        colorScheme === 'dark',
      );
      expect(await seriousViolations(page)).toEqual([]);
      expect(e2e.pageErrors).toEqual([]);
    },
  );

  it('fits a 360 px wide phone', async () => {
    const page = await e2e.newPage({ width: 360 });
    await signInAsOctocat(page);
    await page.goto('/insights');
    await page.getByText('No deployment data yet').waitFor();
    const tooWide = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(tooWide).toBe(false);
  });
});
