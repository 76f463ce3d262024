import { AxeBuilder } from '@axe-core/playwright';
import type { DoraResult } from '@shipdeck/shared/insights';
import { CHANGE_FAILURE_RULE, doraKeyTitles } from '@shipdeck/shared/insights-constants';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { connectDemoVercel, signInAsOctocat } from './support/sessions.js';

/** The same figures straight from the API, with the page's own session. */
async function doraFromApi(page: Page, query: string): Promise<DoraResult> {
  return page.evaluate(async (search) => {
    const response = await fetch(`/api/insights/dora?${search}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    return ((await response.json()) as { data: DoraResult }).data;
  }, query);
}

const shots = process.env.E2E_SHOTS_DIR;

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
      // No Vercel account connected yet: the page says so instead of showing zeros.
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

  // Last in this file: connecting Vercel gives octocat the deployments the tests above lack.
  it.each([
    { colorScheme: 'light' as const, width: 1280 },
    { colorScheme: 'dark' as const, width: 1280 },
    { colorScheme: 'light' as const, width: 390 },
    { colorScheme: 'dark' as const, width: 390 },
  ])(
    'shows the four keys the API computes, each with band, trend and how it was computed ($colorScheme, $width px)',
    async ({ colorScheme, width }) => {
      const page = await e2e.newPage({ colorScheme, width });
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), colorScheme);
      await signInAsOctocat(page);
      await connectDemoVercel(page);
      await page.goto('/insights');
      const card = (title: string) =>
        page.locator('[aria-labelledby]', {
          has: page.getByRole('heading', { level: 2, name: title, exact: true }),
        });

      for (const days of [30, 7, 90] as const) {
        if (days !== 30) await page.getByLabel('Window').selectOption(String(days));
        const api = await doraFromApi(page, `days=${days}`);
        expect(api.hasDeploymentData).toBe(true);
        const frequency = card(doraKeyTitles.deploymentFrequency);
        await frequency
          .getByText(`${api.metrics.deploymentFrequency.total} production deployment`, {
            exact: false,
          })
          .filter({ hasText: `in ${days} days` })
          .waitFor();
        for (const key of [
          'deploymentFrequency',
          'leadTime',
          'changeFailureRate',
          'timeToRestore',
        ] as const) {
          const metric = api.metrics[key];
          const shown = card(doraKeyTitles[key]);
          // How it was computed and from how many deployments, as the API words it.
          await shown.getByText(metric.explanation, { exact: true }).waitFor();
          // The band in words, not colour alone.
          const band = metric.band === null ? 'No band: not enough data' : `${metric.band} band`;
          expect((await shown.innerText()).toLowerCase()).toContain(band.toLowerCase());
          // A trend chart, with the same series as a sentence for screen readers.
          await shown.locator('figure svg').first().waitFor();
          expect(await shown.locator('figcaption').textContent()).toMatch(
            new RegExp(`per ${api.bucket}: |nothing to plot`),
          );
        }
      }
      await card(doraKeyTitles.changeFailureRate)
        .getByText(CHANGE_FAILURE_RULE, { exact: false })
        .waitFor();
      await page.getByText(/^Deployments synced /).waitFor();

      // One repository: the page asks the API for it and shows what it answers.
      const [repo] = (await doraFromApi(page, 'days=90')).repositories;
      if (!repo) throw new Error('no repository with deployments');
      await page.getByLabel('Repository').selectOption(repo);
      const scoped = await doraFromApi(page, `days=90&repo=${encodeURIComponent(repo)}`);
      await card(doraKeyTitles.leadTime)
        .getByText(scoped.metrics.leadTime.explanation, { exact: true })
        .waitFor();

      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        colorScheme === 'dark',
      );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      if (shots) {
        await page.screenshot({
          path: `${shots}/insights-data-${colorScheme}-${width}.png`,
          fullPage: true,
        });
      }
      expect(await seriousViolations(page)).toEqual([]);
      expect(e2e.pageErrors).toEqual([]);
    },
  );
});
