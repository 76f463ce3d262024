import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { connectDemoVercel, signInAsOctocat } from './support/sessions.js';

// Visual checks: PNGs of the pages showing ship status, in both themes and at phone width.
const shots = process.env.E2E_SHOTS_DIR;

const REVIEW = /^(Approved|Changes requested|Review required)$/;
const CHECKS = /^(Checks passing|Checks failing|Checks pending|No checks)$/;
const PREVIEW = /^(No preview|Preview building|Preview ready|Preview failed)/;
const STAGE =
  /^Stage: (In review|Checks|Preview|Merged|Production building|Live|Closed)( · ready (in about \d+ (min|h)|any moment now))?$/;

async function snap(page: Page, name: string): Promise<void> {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * The chips' words as a screen reader meets them, one per list item; a failing chip's re-run
 * button (issue 37, where the person may re-run) is an action beside the words, left out.
 */
async function chipTexts(list: Locator): Promise<string[]> {
  return (await list.getByRole('listitem').allInnerTexts()).map((text) =>
    text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/ Re-run failed checks$/, ''),
  );
}

describe('ship status on /pull-requests in demo mode', () => {
  const e2e = useE2e();

  it.each([
    { colorScheme: 'light' as const, width: 1280 },
    { colorScheme: 'dark' as const, width: 1280 },
    { colorScheme: 'light' as const, width: 390 },
    { colorScheme: 'dark' as const, width: 390 },
  ])(
    'each row says review, checks, preview and stage in words ($colorScheme, $width px)',
    async ({ colorScheme, width }) => {
      const page = await e2e.newPage({ colorScheme, width });
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), colorScheme);
      await signInAsOctocat(page);
      await connectDemoVercel(page);
      await page.goto('/pull-requests?filter=open');
      const lists = page.getByRole('list', { name: 'Ship status' });
      await lists.first().waitFor();
      expect(await lists.count()).toBeGreaterThan(0);

      for (const list of (await lists.all()).slice(0, 5)) {
        const [stage = '', review = '', checks = '', preview = ''] = await chipTexts(list);
        // The stage's "Stage:" prefix is for screen readers; innerText skips sr-only, so read
        // the accessible text of the stage item instead.
        const stageText = ((await list.getByTestId('ship-stage').textContent()) ?? '').replace(
          /\s+/g,
          ' ',
        );
        expect(stageText.trim()).toMatch(STAGE);
        expect(stage.length).toBeGreaterThan(0);
        expect(review).toMatch(REVIEW);
        expect(checks).toMatch(CHECKS);
        expect(preview).toMatch(PREVIEW);
      }

      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        colorScheme === 'dark',
      );
      expect(await fitsWidth(page)).toBe(true);
      await snap(page, `pull-requests-${colorScheme}-${width}`);

      // The ship filter narrows the list and stays in the address bar.
      await page.getByLabel('Show').selectOption('failing_checks');
      await page.waitForURL(/ship=failing_checks/);
      await page.getByTestId('ship-filter-rule').waitFor();
      const rows = page.getByRole('list', { name: 'Ship status' });
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, {
        timeout: 10_000,
      });
      for (const list of await rows.all()) {
        expect(await chipTexts(list)).toContain('Checks failing');
      }
      expect(await fitsWidth(page)).toBe(true);
      expect(e2e.pageErrors).toEqual([]);
    },
  );

  it.each([
    { colorScheme: 'light' as const, width: 1280 },
    { colorScheme: 'dark' as const, width: 1280 },
    { colorScheme: 'light' as const, width: 390 },
    { colorScheme: 'dark' as const, width: 390 },
  ])(
    'deployments and repository commit rows use the same stage words ($colorScheme, $width px)',
    async ({ colorScheme, width }) => {
      const page = await e2e.newPage({ colorScheme, width });
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), colorScheme);
      await signInAsOctocat(page);
      await connectDemoVercel(page);

      await page.goto('/deployments');
      const stages = page.getByTestId('ship-stage');
      await stages.first().waitFor();
      for (const text of (await stages.allTextContents()).slice(0, 10)) {
        expect(text.replace(/\s+/g, ' ').trim()).toMatch(STAGE);
      }
      expect(await fitsWidth(page)).toBe(true);
      await snap(page, `deployments-${colorScheme}-${width}`);

      await page.goto('/repo/octocat/shipdeck');
      await page.getByTestId('ship-stage').first().waitFor();
      for (const text of await page.getByTestId('ship-stage').allTextContents()) {
        expect(text.replace(/\s+/g, ' ').trim()).toMatch(STAGE);
      }
      expect(await fitsWidth(page)).toBe(true);
      await snap(page, `repository-${colorScheme}-${width}`);

      // The repository page's pull requests carry the same chips as /pull-requests: open the
      // repository of a pull request that has them.
      await page.goto('/pull-requests?filter=open');
      const shipRow = page
        .locator('li', { has: page.getByRole('list', { name: 'Ship status' }) })
        .first();
      const repository = await shipRow.getByRole('link').first().innerText();
      await page.goto(`/repo/${repository}`);
      await page.getByRole('tab', { name: 'Pull Requests' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Pull Requests' });
      const pullLists = panel.getByRole('list', { name: 'Ship status' });
      await pullLists.first().waitFor();
      for (const list of (await pullLists.all()).slice(0, 5)) {
        const [, review = '', checks = '', preview = ''] = await chipTexts(list);
        expect(review).toMatch(REVIEW);
        expect(checks).toMatch(CHECKS);
        expect(preview).toMatch(PREVIEW);
      }
      expect(await fitsWidth(page)).toBe(true);
      await snap(page, `repository-pulls-${colorScheme}-${width}`);

      await page.goto('/insights');
      await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
      await page
        .getByText(/Lead time for changes/)
        .first()
        .waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await snap(page, `insights-${colorScheme}-${width}`);
      expect(e2e.pageErrors).toEqual([]);
    },
  );
});
