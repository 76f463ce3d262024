import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { freePort } from './support/start-server.js';
import { signInAsOctocat } from './support/sessions.js';

// Issue 37 in the browser, on the demo world: merge from /pull-requests with a confirmation,
// approve and re-run failed checks from the inbox with the keys, request a team's review from
// the team page; in light at 1280 px and dark at 390 px, with axe.

const shots = process.env.E2E_SHOTS_DIR;
const looks = [
  { colorScheme: 'light' as const, width: 1280 },
  { colorScheme: 'dark' as const, width: 390 },
];
// The demo world's team of octocat (packages/emulator/src/data/generate-teams.ts).
const TEAM_PATH = '/teams/shipdeck-labs/platform';
const emulatorPort = await freePort();
// Sign-in, the first sync and an action read back from GitHub take longer than the default minute.
const TEST_TIMEOUT_MS = 240_000;
const emulatorAdminKey = randomBytes(24).toString('hex');

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

function emulatorAdmin(path: string, body: unknown) {
  return fetch(`http://127.0.0.1:${emulatorPort}/_emulator${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-emulator-key': emulatorAdminKey },
    body: JSON.stringify(body),
  });
}

const actionsButton = (scope: Page | Locator) =>
  scope.getByRole('button', { name: /^Actions for #\d+$/ });

/** Reloads `path` until a row offers its actions: the first sync runs after sign-in. */
async function openWithRows(page: Page, path: string, rows: Locator): Promise<void> {
  await page.goto(path);
  await expect
    .poll(
      async () => {
        const count = await rows.count();
        if (count === 0) {
          await page.waitForTimeout(1_000);
          await page.reload();
        }
        return count;
      },
      { timeout: 90_000, interval: 1_000 },
    )
    .toBeGreaterThan(0);
}

/** Opens a row's menu and waits for its answer; the names of the items it offers. */
async function openMenu(page: Page, row: Locator): Promise<string[]> {
  await actionsButton(row).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  await menu.getByText('Loading actions…').waitFor({ state: 'detached' });
  return menu.getByRole('menuitem').allInnerTexts();
}

async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

async function look(page: Page, name: string, colorScheme: string, width: number) {
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
    colorScheme === 'dark',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  expect(await seriousViolations(page)).toEqual([]);
  if (shots)
    await page.screenshot({ path: `${shots}/pr-actions-${name}-${colorScheme}-${width}.png` });
}

describe('pull-request actions on demo data (issue 37)', () => {
  const e2e = useE2e({ EMULATOR_PORT: String(emulatorPort), EMULATOR_ADMIN_KEY: emulatorAdminKey });

  async function octocatPage(colorScheme: 'light' | 'dark', width: number): Promise<Page> {
    const page = await e2e.newPage({ colorScheme, width });
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), colorScheme);
    await signInAsOctocat(page);
    return page;
  }

  it.each(looks)(
    'merges a ready pull request from /pull-requests after a confirmation ($colorScheme, $width px)',
    async ({ colorScheme, width }) => {
      const page = await octocatPage(colorScheme, width);
      const rows = page.locator('li', { has: actionsButton(page) });
      await openWithRows(page, '/pull-requests?ship=ready_to_merge', rows);

      let merged: { title: string; name: string } | null = null;
      for (let index = 0; index < (await rows.count()) && !merged; index += 1) {
        const row = rows.nth(index);
        const items = await openMenu(page, row);
        if (!items.includes('Merge…')) {
          await closeMenu(page);
          continue;
        }
        await page.getByRole('menuitem', { name: 'Merge…' }).click();
        const dialog = page.getByRole('dialog', { name: /^Merge #\d+\?$/ });
        await dialog.getByText(/GitHub cannot undo a merge/).waitFor();
        const method = dialog.getByRole('combobox', { name: 'Merge method' });
        expect((await method.locator('option').allInnerTexts()).length).toBeGreaterThan(0);
        await dialog.getByText(/^Head commit:/).waitFor();
        await look(page, 'merge-dialog', colorScheme, width);
        const title = (await dialog.locator('p').first().innerText()).trim();
        const number = /#(\d+)/.exec((await dialog.getByRole('heading').innerText()) ?? '')?.[1];
        await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
        const toast = page.getByText(/^Merged \S+#\d+$/);
        await toast.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
          // What the dialog said instead, for the failure's message.
          const said = await dialog.innerText().catch(() => '');
          throw new Error(`no merged toast; the dialog says: ${said}`, { cause: error });
        });
        await dialog.waitFor({ state: 'detached' });
        merged = { title, name: `#${number}` };
      }
      if (!merged) throw new Error('no ready pull request offered Merge…');
      // The row updates without a reload: merged, it leaves the "Ready to merge" list.
      await expect
        .poll(() => page.locator('li', { hasText: merged.title }).count(), { timeout: 30_000 })
        .toBe(0);
      await page.goto('/pull-requests?filter=merged');
      await page.locator('li', { hasText: merged.title }).first().waitFor({ timeout: 30_000 });
      await look(page, 'merged', colorScheme, width);
      expect(e2e.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it.each(looks)(
    'approves with a and re-runs failed checks with R from the inbox ($colorScheme, $width px)',
    async ({ colorScheme, width }) => {
      // The re-run's new checks stay running long enough to be seen as "Re-running".
      expect((await emulatorAdmin('/check-reruns', { stepMs: 60_000 })).status).toBe(200);
      const page = await octocatPage(colorScheme, width);
      const rows = page.locator('[data-inbox-key]', { has: actionsButton(page) });
      await openWithRows(page, '/notifications', rows);
      const announcer = page.getByTestId('inbox-announcer');

      // a: the first pull-request thread octocat may approve (not one of octocat's own).
      let approved = false;
      for (let index = 0; index < (await rows.count()) && !approved; index += 1) {
        await rows.nth(index).focus();
        await page.keyboard.press('a');
        await expect
          .poll(() => announcer.innerText(), { timeout: 30_000 })
          .toMatch(/Approved \S+#\d+|Nothing was done/);
        approved = /Approved/.test(await announcer.innerText());
      }
      expect(approved).toBe(true);
      await page
        .getByText(/^Approved \S+#\d+$/)
        .first()
        .waitFor();

      // R: a thread whose checks fail.
      const failing = page.locator('[data-inbox-key]', {
        has: page.getByRole('button', { name: /^Re-run failed checks on #\d+$/ }),
      });
      await failing.first().waitFor({ timeout: 30_000 });
      const rerunName = await failing
        .first()
        .getByRole('button', { name: /^Re-run failed checks on #\d+$/ })
        .getAttribute('aria-label');
      // The link's text without its "(opens on GitHub)" for screen readers.
      const rerunTitle = (
        (await failing.first().locator('a').first().innerText()).split('\n')[0] ?? ''
      ).trim();
      await failing.first().focus();
      await page.keyboard.press('Shift+R');
      await expect
        .poll(() => announcer.innerText(), { timeout: 30_000 })
        .toMatch(/Re-running \d+ failed checks? of \S+#\d+/);
      await page
        .getByText(/^Re-running \d+ failed checks? of/)
        .first()
        .waitFor();
      // Asked once: the row no longer offers it while the new checks run.
      await page.getByRole('button', { name: rerunName ?? '' }).waitFor({ state: 'detached' });
      await look(page, 'inbox', colorScheme, width);

      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.getByText('Merge the pull request (asks first)').waitFor();
      await look(page, 'inbox-help', colorScheme, width);
      await page.keyboard.press('Escape');

      // The pull request's ship-status line no longer says its checks failed: "Re-running" while
      // the server holds the re-run open, "Checks pending" once the new runs are read.
      // On /pull-requests when octocat is involved in it. A thread octocat only subscribed to is
      // not listed there, and its inbox line keeps the failing chip until a sync reads the new
      // runs (the server's, not this page's, to change): there the re-run leaving the row above
      // is what shows it was asked.
      await page.goto(`/pull-requests?q=${encodeURIComponent(rerunTitle)}`);
      await page.getByText(/^\d+ pull requests?$|^No pull requests match$/).waitFor();
      const row = page.locator('li', { hasText: rerunTitle }).first();
      if ((await row.count()) > 0) {
        const line = row.getByRole('list', { name: 'Ship status' });
        await line.getByText(/^(Re-running|Checks pending)$/).waitFor({ timeout: 30_000 });
        expect(await line.getByText('Checks failing').count()).toBe(0);
      }
      await look(page, 'rerunning', colorScheme, width);
      expect(e2e.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
  it.each(looks)(
    'requests a team’s review from the team page ($colorScheme, $width px)',
    async ({ colorScheme, width }) => {
      const page = await octocatPage(colorScheme, width);
      const rows = page.locator('li', { has: actionsButton(page) });
      await openWithRows(page, TEAM_PATH, rows);

      let asked = false;
      for (let index = 0; index < (await rows.count()) && !asked; index += 1) {
        const items = await openMenu(page, rows.nth(index));
        if (!items.includes('Request reviewers…')) {
          await closeMenu(page);
          continue;
        }
        await page.getByRole('menuitem', { name: 'Request reviewers…' }).click();
        const dialog = page.getByRole('dialog', { name: /^Request reviewers on #\d+$/ });
        const field = dialog.getByRole('combobox', { name: 'Find people or teams' });
        const teams = dialog.getByRole('group', { name: 'Teams' });
        // Every candidate at first; then searched as the person types a team's first letters.
        const first = teams.getByRole('option').first();
        await first.waitFor({ timeout: 30_000 });
        const slug = /@[\w.-]+\/([\w.-]+)/.exec(await first.innerText())?.[1] ?? '';
        expect(slug).not.toBe('');
        await field.fill(slug.slice(0, 3));
        const team = teams.getByRole('option', { name: new RegExp(`/${slug}\\b`) });
        await team.waitFor({ timeout: 30_000 });
        await team.click();
        await dialog.getByRole('button', { name: /^Remove shipdeck-labs\// }).waitFor();
        await look(page, 'request-reviewers', colorScheme, width);
        await dialog.getByRole('button', { name: 'Request review' }).click();
        await page
          .getByText(/^Review of \S+#\d+ requested from shipdeck-labs\//)
          .waitFor({ timeout: 30_000 });
        await dialog.waitFor({ state: 'detached' });
        asked = true;
      }
      expect(asked).toBe(true);
      await look(page, 'team', colorScheme, width);
      expect(e2e.pageErrors).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
