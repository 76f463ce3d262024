import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueAccount, useE2e } from './support/fixtures.js';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Waits until the part below the first screen is drawn too (public/theme-init.js). */
async function wholePageDrawn(page: Page): Promise<void> {
  await page.locator('html:not([data-first-frame])').waitFor({ state: 'attached' });
}

describe('accessibility (axe-core) in both themes', () => {
  const e2e = useE2e();

  it.each(['light', 'dark'] as const)('finds no serious violations in %s', async (colorScheme) => {
    const page = await e2e.newPage({ colorScheme });
    const account = uniqueAccount();
    const found: Record<string, string[]> = {};

    for (const path of ['/', '/login', '/signup']) {
      await page.goto(path);
      await page.getByRole('main').first().waitFor();
      await wholePageDrawn(page);
      found[path] = await seriousViolations(page);
    }

    await page.request.post('/auth/signup', { data: account });
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    for (const path of ['/dashboard', '/profile', '/settings', '/repositories', '/no-such-page']) {
      await page.goto(path);
      await page.getByRole('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      await wholePageDrawn(page);
      found[path] = await seriousViolations(page);
    }

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((path) => [path, []])));
  });

  it.each(['light', 'dark'] as const)(
    'finds no serious violations on the GitHub pages in %s',
    async (colorScheme) => {
      const page = await e2e.newPage({ colorScheme });
      await page.goto('/login');
      await page.getByRole('link', { name: 'Continue with GitHub' }).click();
      await page.locator('button[data-login="octocat"]').click();
      await page.waitForURL('**/dashboard');
      const found: Record<string, string[]> = {};
      for (const path of [
        '/dashboard',
        '/repositories',
        '/repo/octocat/hello-world',
        '/pull-requests',
      ]) {
        await page.goto(path);
        await page.getByRole('main').first().waitFor();
        await page.waitForLoadState('networkidle');
        found[path] = await seriousViolations(page);
      }
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((path) => [path, []])));
    },
  );
});
