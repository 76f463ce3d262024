import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { signInAsOctocat } from './support/sessions.js';

const looks = [
  { width: 1280, colorScheme: 'light' as const },
  { width: 1280, colorScheme: 'dark' as const },
  { width: 390, colorScheme: 'dark' as const },
];

/** A repository the first sync stored, read from the Repositories page: `owner/name`. */
async function aSyncedRepository(page: Page): Promise<{ owner: string; name: string }> {
  await page.goto('/repositories');
  const link = page.locator('ul a[href^="/repo/"]').first();
  await link.waitFor({ timeout: 30_000 });
  const [owner = '', name = ''] = decodeURIComponent(
    ((await link.getAttribute('href')) ?? '').replace('/repo/', ''),
  ).split('/');
  return { owner, name };
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

describe('the command palette', () => {
  const e2e = useE2e();

  it.each(looks)(
    'opens with Ctrl+K, finds a repository, moves with the arrows, opens with Enter and closes with Escape ($width px, $colorScheme)',
    async (look) => {
      const page = await e2e.newPage(look);
      await signInAsOctocat(page);
      const repository = await aSyncedRepository(page);
      await page.goto('/dashboard');
      await page
        .getByRole('heading', { name: /welcome back/i })
        .first()
        .waitFor();
      if (look.colorScheme === 'dark') {
        expect(await page.locator('html').getAttribute('class')).toContain('dark');
      }

      // The header's button: a name for screen readers at every width, the shortcut announced.
      const button = page.getByRole('banner').getByRole('button', { name: 'Search' });
      expect(await button.getAttribute('aria-keyshortcuts')).toBe('Control+K');
      expect(await button.getAttribute('aria-haspopup')).toBe('dialog');

      // Let the page go idle, as a reader would before pressing the shortcut: the code is there.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.querySelector<HTMLElement>('main')?.focus());
      const pressed = Date.now();
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: 'Search Shipdeck' });
      await dialog.waitFor();
      console.log(`${look.width} px ${look.colorScheme}: dialog after ${Date.now() - pressed} ms`);

      const combobox = dialog.getByRole('combobox', {
        name: 'Search repositories, pull requests, deployments and pages',
      });
      await expect.poll(() => combobox.evaluate((el) => el === document.activeElement)).toBe(true);
      // Empty, it lists the app's pages and actions.
      const listbox = dialog.getByRole('listbox', { name: 'Results' });
      // The results (a lazy part of the drawn dialog) tell the field once they are there.
      await expect.poll(() => combobox.getAttribute('aria-expanded')).toBe('true');
      expect(await combobox.getAttribute('aria-controls')).toBe(await listbox.getAttribute('id'));
      await listbox
        .getByRole('group', { name: 'Pages' })
        .getByRole('option', { name: 'Settings' })
        .waitFor();
      await listbox
        .getByRole('group', { name: 'Actions' })
        .getByRole('option', { name: 'Sign out' })
        .waitFor();

      await combobox.fill(repository.name);
      const fullName = `${repository.owner}/${repository.name}`;
      const repositories = listbox.getByRole('group', { name: 'Repositories' });
      const option = repositories.getByRole('option', { name: new RegExp(`^${fullName}`) });
      await option.waitFor();
      expect(await dialog.getByRole('status').first().textContent()).toMatch(/\d+ results?/);
      // The whole name ranks first: it is the active option, and the field says so.
      const activeOption = async () => {
        const id = await combobox.getAttribute('aria-activedescendant');
        return id ? page.locator(`[id="${id}"]`).textContent() : null;
      };
      expect(await activeOption()).toMatch(new RegExp(`^${fullName}`));
      expect(await option.getAttribute('aria-selected')).toBe('true');
      const count = await listbox.getByRole('option').count();
      if (count > 1) {
        await page.keyboard.press('ArrowDown');
        expect(await option.getAttribute('aria-selected')).toBe('false');
        await page.keyboard.press('ArrowUp');
      } else {
        // One option: the arrows wrap around to it.
        await page.keyboard.press('ArrowDown');
      }
      expect(await option.getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/repo/${repository.owner}/${repository.name}`);
      // The browser's own <dialog>, drawn with the page: closed, it stays there, hidden.
      await dialog.waitFor({ state: 'hidden' });

      // The mouse way in; Escape closes and gives the focus back to the button.
      await button.click();
      await dialog.waitFor();
      await combobox.fill('sett');
      await listbox.getByRole('option', { name: 'Settings' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(() => button.evaluate((element) => element === document.activeElement))
        .toBe(true);
      expect(page.url()).toContain(`/repo/${repository.owner}/${repository.name}`);

      // A page, by keyboard only.
      await page.keyboard.press('Control+k');
      await combobox.fill('insi');
      await listbox.getByRole('option', { name: 'Insights' }).waitFor();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/insights');

      // An action: the settings section that connects Vercel.
      await page.keyboard.press('Control+k');
      await combobox.fill('vercel');
      const connect = listbox.getByRole('option', { name: 'Connect Vercel' });
      await connect.waitFor();
      // Enter runs the active option: wait until the list has settled on it (the server's
      // answer for the text can arrive between the option showing and the key).
      await expect.poll(() => connect.getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/settings');
      await page.getByRole('heading', { name: 'Integrations' }).waitFor();

      // Nothing found: said in words.
      await page.keyboard.press('Control+k');
      await combobox.fill('zz-no-such-thing-zz');
      await dialog.getByText('No results for “zz-no-such-thing-zz”').waitFor();
      expect(await combobox.getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      expect(e2e.pageErrors).toEqual([]);
      await page.context().close();
    },
  );
});
