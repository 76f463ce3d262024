import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { signInAsOctocat } from './support/sessions.js';

// Issue 34: a press on a header control made the moment it shows on a fresh /dashboard (drawn by
// the server, before the app has taken it over) is answered, never lost. How fast is the
// bench's (bench/web.ts --early); here only that it opens.

// `native`: the browser's own popover or dialog, drawn with the page, which opens with no app.
const CONTROLS = [
  { trigger: 'header button[aria-label="User menu"]', surface: '[role="menu"]', native: true },
  {
    trigger: 'header button[aria-label^="Notifications"]',
    // The header's own: each bell's panel is drawn, hidden, with the page (the dashboard has two).
    surface: 'header [role="dialog"][aria-label="Notifications"]',
    native: true,
  },
  {
    trigger: 'header button[aria-label="Search"]',
    surface: '[role="dialog"] [role="combobox"]',
    native: true,
  },
  // Opens nothing: the press switches the theme (the context starts light), once the app runs.
  {
    trigger: 'header button[aria-label="Switch to dark theme"]',
    surface: 'html.dark',
    native: false,
  },
];

/** What the header's surfaces load beyond what is drawn: only ahead of a press, or on one. */
const SURFACES = ['notification-panel', 'command-palette'];
const SURFACE_CODE = new RegExp(`/assets/(${SURFACES.join('|')})-`);

/**
 * Opens /dashboard fresh and presses `trigger` with raw input the first frame it is visible
 * (a click that waited for the page to take events would hide a press the page drops).
 */
async function pressAsSoonAsShown(page: Page, trigger: string): Promise<void> {
  void page.goto('/dashboard', { waitUntil: 'commit' }).catch(() => undefined);
  const at = await page
    .waitForFunction(
      (selector) => {
        const el = document.querySelector(selector);
        if (!el) return false;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || getComputedStyle(el).visibility !== 'visible') return false;
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      },
      trigger,
      { polling: 'raf' },
    )
    .then((handle) => handle.jsonValue() as Promise<{ x: number; y: number }>);
  await page.mouse.click(at.x, at.y);
}

describe('a press the moment the dashboard shows (issue 34)', () => {
  const e2e = useE2e();

  it('opens the user menu, the notification panel and the search palette, and switches the theme', async () => {
    const page = await e2e.newPage();
    await signInAsOctocat(page);
    await page.getByRole('heading', { name: 'Recent Repositories' }).waitFor();
    const state = await page.context().storageState();

    for (const slowCode of [false, true]) {
      for (const { trigger, surface, native } of CONTROLS) {
        const context = await e2e.browser.newContext({
          baseURL: e2e.server.url,
          storageState: state,
          viewport: { width: 1280, height: 900 },
        });
        const fresh = await context.newPage();
        if (slowCode) {
          // The app's code arrives a second late: the press surely lands before it runs.
          await fresh.route('**/assets/*.js', async (route) => {
            await new Promise((resolve) => setTimeout(resolve, 1_000));
            await route.continue();
          });
        }
        await pressAsSoonAsShown(fresh, trigger);
        // Still the server's drawing, not yet the app, when pressed.
        const beforeApp = await fresh.evaluate(
          () => document.getElementById('root')?.dataset.rendered !== undefined,
        );
        if (slowCode && native) {
          // Open while the app's code is still a second away: the browser opened it.
          await fresh.locator(surface).waitFor({ state: 'visible', timeout: 900 });
          expect(
            await fresh.evaluate(() => document.getElementById('root')?.dataset.rendered),
          ).toBe('/dashboard');
        }
        await fresh.locator(surface).waitFor({ state: 'visible', timeout: 15_000 });
        if (slowCode) expect(beforeApp).toBe(true);
        await context.close();
      }
    }
    expect(e2e.pageErrors).toEqual([]);
  });

  it('opens the palette on Ctrl+K before the app runs, and searches what was typed then once it does', async () => {
    const page = await e2e.newPage();
    await signInAsOctocat(page);
    await page.getByRole('heading', { name: 'Recent Repositories' }).waitFor();
    const context = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      storageState: await page.context().storageState(),
      viewport: { width: 1280, height: 900 },
    });
    const fresh = await context.newPage();
    await fresh.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    void fresh.goto('/dashboard', { waitUntil: 'commit' }).catch(() => undefined);
    await fresh.locator('header button[aria-label="Search"]').waitFor({ state: 'visible' });
    await fresh.keyboard.press('Control+K');
    const beforeApp = await fresh.evaluate(
      () => document.getElementById('root')?.dataset.rendered !== undefined,
    );
    expect(beforeApp).toBe(true);
    const field = fresh.locator('[role="dialog"] [role="combobox"]');
    await field.waitFor({ state: 'visible', timeout: 900 });
    await fresh.keyboard.type('hello');
    expect(await fresh.evaluate(() => document.getElementById('root')?.dataset.rendered)).toBe(
      '/dashboard',
    );
    // The app takes the field over with what it holds, and searches it.
    await fresh
      .getByRole('option', { name: /hello-world/ })
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await field.inputValue()).toBe('hello');
    await context.close();
    expect(e2e.pageErrors).toEqual([]);
  });

  it('fetches the surfaces’ code only after the first interaction has been answered', async () => {
    const page = await e2e.newPage();
    await signInAsOctocat(page);
    await page.getByRole('heading', { name: 'Recent Repositories' }).waitFor();
    const requested: string[] = [];
    page.on('request', (request) => {
      if (SURFACE_CODE.test(request.url())) requested.push(request.url());
    });
    await page.goto('/dashboard', { waitUntil: 'networkidle' });
    await page.waitForTimeout(1_500);
    expect(requested).toEqual([]);

    await page.keyboard.press('Shift');
    await expect
      .poll(() => requested.length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(SURFACES.length);
  });
});
