import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { freePort } from './support/start-server.js';
import { signInAsOctocat, signUpOverApi } from './support/sessions.js';

// The inbox (issue 28) in the browser: GitHub's threads (from the emulator, synced by the server)
// beside Shipdeck's events, its filters in the address, keyboard triage written back to the
// emulator, and items arriving over SSE; at desktop width in the light theme and at phone width
// in the dark one.

interface EmulatorThread {
  id: number;
  unread: boolean;
  done: boolean;
  subscription: { ignored: boolean } | null;
  subject: { title: string };
}

const looks = [
  { width: 1280, colorScheme: 'light' as const },
  { width: 390, colorScheme: 'dark' as const },
];
// One emulator per server: each look starts its own, on its own port.
const emulatorPorts = await Promise.all(looks.map(() => freePort()));
// The test drives the emulator's admin API, so it chooses the key the server gives it.
const emulatorAdminKey = randomBytes(24).toString('hex');

function admin(port: number, path: string, init: RequestInit = {}) {
  return fetch(`http://127.0.0.1:${port}/_emulator${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      'x-emulator-key': emulatorAdminKey,
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

async function octocatThreads(port: number): Promise<Map<string, EmulatorThread>> {
  const response = await admin(port, '/notifications?login=octocat');
  expect(response.status).toBe(200);
  const threads = (await response.json()) as EmulatorThread[];
  return new Map(threads.map((thread) => [`github-${thread.id}`, thread]));
}

const rows = (page: Page) => page.locator('[data-inbox-key]');
const focusedKey = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-inbox-key') ?? null);
const announcer = (page: Page) => page.getByTestId('inbox-announcer');

/** The inbox with GitHub's threads in it: the first poll runs in the background after sign-in. */
async function openSyncedInbox(page: Page, search = ''): Promise<void> {
  await page.goto(`/notifications${search}`);
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
  await expect
    .poll(
      async () => {
        const count = await page.locator('[data-inbox-key] [data-source="github"]').count();
        if (count === 0) {
          await page.reload();
          await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
          await page.waitForTimeout(500);
        }
        return count;
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBeGreaterThan(0);
}

describe.each(looks.map((look, index) => ({ ...look, index })))(
  'the inbox in the browser ($width px, $colorScheme)',
  (look) => {
    const emulatorPort = emulatorPorts[look.index] ?? 0;
    const e2e = useE2e({
      EMULATOR_PORT: String(emulatorPort),
      EMULATOR_ADMIN_KEY: emulatorAdminKey,
    });
    // One signed-in page for the look's tests: each sign-in is a new GitHub token, and the server
    // starts a new token's inbox afresh (its threads come back with the next poll).
    let signedIn: Page | undefined;
    async function octocatPage(): Promise<Page> {
      if (!signedIn) {
        signedIn = await e2e.newPage(look);
        await signInAsOctocat(signedIn);
      }
      return signedIn;
    }

    it('lists GitHub threads beside Shipdeck events and filters through the address', async () => {
      const page = await octocatPage();
      await openSyncedInbox(page);

      // Both sources, each row saying where it comes from.
      await page.locator('[data-inbox-key] [data-source="shipdeck"]').first().waitFor();
      const githubLink = page.locator('[data-inbox-key] a[target="_blank"]').first();
      expect(await githubLink.getAttribute('rel')).toContain('noopener');
      // CI activity is one closed row per repository.
      const ciGroup = page.getByRole('button', { name: /^CI activity · .+ · \d+$/ }).first();
      expect(await ciGroup.getAttribute('aria-expanded')).toBe('false');
      await ciGroup.click();
      expect(await ciGroup.getAttribute('aria-expanded')).toBe('true');
      // No serious accessibility fault in the inbox, an open group and the selection bar included.
      await page.keyboard.press('j');
      await page.keyboard.press('x');
      await page.getByRole('toolbar', { name: 'Selected items' }).waitFor();
      const audit = await new AxeBuilder({ page }).include('main').analyze();
      expect(
        audit.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          ),
      ).toEqual([]);
      await page.keyboard.press('x');
      await ciGroup.click();
      expect(await ciGroup.getAttribute('aria-expanded')).toBe('false');

      // Each filter value carries its unread count.
      const source = page.getByRole('combobox', { name: 'Source' });
      const githubOption = await source.locator('option[value="github"]').textContent();
      expect(githubOption).toMatch(/^GitHub \(\d+ unread\)$/);
      await source.selectOption('github');
      await page.waitForURL(/\?source=github$/);
      await expect
        .poll(() => page.locator('[data-inbox-key] [data-source="shipdeck"]').count(), {
          timeout: 10_000,
        })
        .toBe(0);

      const reason = page.getByRole('combobox', { name: 'Reason' });
      expect(await reason.locator('option[value="ci_activity"]').textContent()).toMatch(
        /^CI activity \(\d+ unread\)$/,
      );
      await reason.selectOption('ci_activity');
      await page.waitForURL(/\?source=github&reason=ci_activity$/);
      await expect
        .poll(
          async () => {
            const labels = await rows(page).evaluateAll((elements) =>
              elements.map((element) => element.getAttribute('aria-label') ?? ''),
            );
            return labels.length > 0 && labels.every((label) => label.startsWith('CI activity · '));
          },
          { timeout: 10_000 },
        )
        .toBe(true);

      // The filters survive a reload, and Back and Forward walk through them.
      await page.reload();
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      await expect.poll(() => reason.inputValue(), { timeout: 10_000 }).toBe('ci_activity');
      await page.goBack();
      await page.waitForURL(/\?source=github$/);
      await expect.poll(() => reason.inputValue(), { timeout: 10_000 }).toBe('');
      await page.goForward();
      await page.waitForURL(/reason=ci_activity$/);
      await expect.poll(() => reason.inputValue(), { timeout: 10_000 }).toBe('ci_activity');

      await page.getByRole('combobox', { name: 'Show' }).selectOption('unread');
      await page.waitForURL(/unread=true/);
      await page.getByRole('button', { name: 'Clear filters' }).first().click();
      await page.waitForURL(/\/notifications$/);
      expect(e2e.pageErrors).toEqual([]);
    }, 120_000);

    it('triages by keyboard: j/k move, x selects, e marks done on GitHub, r reads, m mutes, ? lists the keys', async () => {
      const page = await octocatPage();
      // GitHub's unread threads that are not CI groups: every row one thread.
      await openSyncedInbox(page, '?source=github&unread=true');
      await page.locator('[data-inbox-key^="item:"]').first().waitFor();
      const keysBefore = await rows(page).evaluateAll((elements) =>
        elements.map((element) => element.getAttribute('data-inbox-key') ?? ''),
      );
      const items = keysBefore.filter((key) => key.startsWith('item:'));
      expect(items.length).toBeGreaterThan(4);

      // Nothing moves while a field has the keys, or with a modifier held.
      const show = page.getByRole('combobox', { name: 'Show' });
      await show.focus();
      await page.keyboard.press('j');
      expect(await focusedKey(page)).toBeNull();
      expect(await show.inputValue()).toBe('unread');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Control+j');
      await page.keyboard.press('Alt+j');
      expect(await focusedKey(page)).toBeNull();

      // j/k: roving focus with a visible ring.
      await page.keyboard.press('j');
      expect(await focusedKey(page)).toBe(keysBefore[0]);
      await page.keyboard.press('j');
      expect(await focusedKey(page)).toBe(keysBefore[1]);
      await page.keyboard.press('k');
      expect(await focusedKey(page)).toBe(keysBefore[0]);
      const outline = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        return getComputedStyle(element).outlineStyle;
      });
      expect(outline).not.toBe('none');

      // Move to the first single thread, select it and the next with x.
      while ((await focusedKey(page)) !== items[0]) await page.keyboard.press('j');
      const first = items[0] ?? '';
      const second = keysBefore[keysBefore.indexOf(first) + 1] ?? '';
      expect(second.startsWith('item:')).toBe(true);
      await page.keyboard.press('x');
      const firstRow = page.locator(`[data-inbox-key="${first}"]`);
      expect(await firstRow.getByRole('checkbox').isChecked()).toBe(true);
      await expect
        .poll(() => announcer(page).textContent(), { timeout: 10_000 })
        .toContain('1 selected');
      await page.keyboard.press('j');
      await page.keyboard.press('x');
      await page.getByRole('toolbar', { name: 'Selected items' }).getByText('2 selected').waitFor();

      // e: both done, on GitHub too, and gone from the inbox.
      await page.keyboard.press('e');
      await expect
        .poll(() => announcer(page).textContent(), { timeout: 15_000 })
        .toContain('Marked 2 items done');
      await page.locator(`[data-inbox-key="${first}"]`).waitFor({ state: 'detached' });
      await page.locator(`[data-inbox-key="${second}"]`).waitFor({ state: 'detached' });
      const afterDone = await octocatThreads(emulatorPort);
      expect(afterDone.get(first.slice('item:'.length))?.done).toBe(true);
      expect(afterDone.get(second.slice('item:'.length))?.done).toBe(true);
      // The keyboard stays in the list, on the next row.
      const next = await focusedKey(page);
      expect(next).not.toBeNull();

      // r: the row is read here and on GitHub; with "unread only" it leaves the list.
      const readKey = next ?? '';
      await page.keyboard.press('r');
      await expect
        .poll(() => announcer(page).textContent(), { timeout: 15_000 })
        .toMatch(/^Marked .+ read/);
      if (readKey.startsWith('item:')) {
        expect((await octocatThreads(emulatorPort)).get(readKey.slice(5))?.unread).toBe(false);
      }

      // m: muted on GitHub.
      await page.getByRole('combobox', { name: 'Show' }).selectOption('');
      await page.waitForURL(/source=github$/);
      await page.locator('[data-inbox-key^="item:"]').first().waitFor();
      const muteKey =
        (await page.locator('[data-inbox-key^="item:"]').first().getAttribute('data-inbox-key')) ??
        '';
      await page.locator(`[data-inbox-key="${muteKey}"]`).focus();
      await page.keyboard.press('m');
      await expect
        .poll(() => announcer(page).textContent(), { timeout: 15_000 })
        .toMatch(/^Muted /);
      expect(
        (await octocatThreads(emulatorPort)).get(muteKey.slice(5))?.subscription?.ignored,
      ).toBe(true);

      // ?: the keys, in the app's dialog; Escape closes it.
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.getByText('Mark done: the item leaves the inbox').waitFor();
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'hidden' });
      expect(e2e.pageErrors).toEqual([]);
    }, 150_000);

    it('acts by pointer with named buttons, and a GitHub refusal leaves the item as it was', async () => {
      const page = await octocatPage();
      await openSyncedInbox(page, '?source=github&unread=true');
      const row = page.locator('[data-inbox-key^="item:"]').first();
      await row.waitFor();
      const key = (await row.getAttribute('data-inbox-key')) ?? '';
      const id = key.slice('item:'.length);
      const label = (await row.getAttribute('aria-label')) ?? '';
      const title = label.split(', GitHub')[0] ?? '';

      // GitHub refuses the next mark-as-read.
      const rule = await admin(emulatorPort, '/faults', {
        method: 'POST',
        body: JSON.stringify({
          area: 'github',
          method: 'PATCH',
          path: '/api/v3/notifications/threads/',
          errorRate: 1,
          errorStatus: 403,
          times: 1,
        }),
      });
      expect(rule.status).toBeLessThan(300);
      await row.getByRole('button', { name: `Mark read: ${title}` }).click();
      await expect
        .poll(() => announcer(page).textContent(), { timeout: 15_000 })
        .toMatch(/^Could not mark as read the item\./);
      await page.getByText('Could not mark as read the item').first().waitFor();
      expect(await row.getAttribute('aria-label')).toContain('unread');
      expect((await octocatThreads(emulatorPort)).get(id)?.unread).toBe(true);

      // The next try goes through.
      await row.getByRole('button', { name: `Mark read: ${title}` }).click();
      await expect
        .poll(() => announcer(page).textContent(), { timeout: 15_000 })
        .toMatch(/^Marked .+ read/);
      expect((await octocatThreads(emulatorPort)).get(id)?.unread).toBe(false);
      expect(e2e.pageErrors).toEqual([]);
    }, 120_000);

    it('offers to connect GitHub, and says plainly why a fine-grained token brings no GitHub notifications', async () => {
      const page = await e2e.newPage(look);
      const { token: session } = await signUpOverApi(page);
      await page.addInitScript((stored) => localStorage.setItem('token', stored), session);
      await page.goto('/notifications');
      await page.getByRole('heading', { name: 'GitHub not connected' }).waitFor();
      await page.getByText(/your GitHub notifications beside Shipdeck’s events/).waitFor();

      // GitHub never lets a fine-grained token read notifications.
      const created = await admin(emulatorPort, '/tokens', {
        method: 'POST',
        body: JSON.stringify({ provider: 'github', login: 'monalisa', kind: 'fine-grained' }),
      });
      expect(created.status).toBe(201);
      const { token } = (await created.json()) as { token: string };
      const connected = await page.request.put('/auth/github', {
        data: { token },
        headers: { Authorization: `Bearer ${session}` },
      });
      expect(connected.status()).toBe(200);
      const notice = page.getByText(
        'Fine-grained personal access tokens and GitHub App tokens cannot read notifications',
        { exact: false },
      );
      await expect
        .poll(
          async () => {
            await page.goto('/notifications');
            await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
            await page.waitForTimeout(500);
            return notice.isVisible();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(true);
      await page
        .getByText(/classic personal access token that has the notifications scope/)
        .waitFor();
      expect(await page.locator('[data-inbox-key] [data-source="github"]').count()).toBe(0);
      expect(e2e.pageErrors).toEqual([]);
    }, 90_000);

    it('new items arrive on the open inbox without a reload', async () => {
      const page = await octocatPage();
      await openSyncedInbox(page);
      await page.evaluate(() => {
        (window as unknown as { stillHere: boolean }).stillHere = true;
      });
      // Give the EventSource a moment to open.
      await page.waitForTimeout(1000);

      // Shipdeck's own event: a merge, announced at once.
      const activity = await admin(emulatorPort, '/activity', {
        method: 'POST',
        body: JSON.stringify({ kind: 'pull_request.merged' }),
      });
      expect(activity.status).toBe(200);
      await page
        .locator('[data-inbox-key][aria-label^="Merged: "]')
        .first()
        .waitFor({ timeout: 20_000 });

      // A GitHub thread, picked up by the next poll at GitHub's interval (60 s) while the page is
      // open, queued by the server's once-a-minute pass: up to about two minutes, then announced
      // over SSE.
      const created = await admin(emulatorPort, '/notifications', {
        method: 'POST',
        body: JSON.stringify({
          login: 'octocat',
          repo: 'octocat/shipdeck',
          reason: 'mention',
          title: `Live mention ${look.colorScheme}`,
        }),
      });
      expect(created.status).toBe(201);
      await page
        .locator(`[data-inbox-key][aria-label^="Live mention ${look.colorScheme}, GitHub"]`)
        .waitFor({ timeout: 150_000 });
      expect(
        await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
      ).toBe(true);
      expect(e2e.pageErrors).toEqual([]);
    }, 240_000);
  },
);
