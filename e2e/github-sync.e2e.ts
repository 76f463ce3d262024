import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { signInAsOctocat } from './support/sessions.js';

describe('synced GitHub store in demo mode', () => {
  const e2e = useE2e();

  it('shows the first sync finishing, then searches, filters, sorts and pages the synced lists', async () => {
    const page = await e2e.newPage();
    await signInAsOctocat(page);

    // The sync runs in the background; the dashboard follows it until the data is confirmed.
    const status = page.getByTestId('sync-status');
    await status.filter({ hasText: /^Updated / }).waitFor({ timeout: 30_000 });
    await page
      .getByRole('region', { name: 'Recent Repositories' })
      .locator('a[href^="/repo/"]')
      .first()
      .waitFor();
    await page.getByRole('region', { name: 'Activity' }).waitFor();

    await page.goto('/repositories');
    const count = page.locator('#repositories-count');
    await count.filter({ hasText: /\d+ repositories/ }).waitFor();
    await page
      .getByTestId('sync-status')
      .filter({ hasText: /^Updated / })
      .waitFor();

    await page.getByLabel('Search repositories', { exact: true }).fill('hello');
    await page.waitForURL(/q=hello/);
    await page.getByRole('link', { name: 'octocat/hello-world' }).waitFor();

    await page.goto('/repositories');
    await page.getByLabel('Filter').selectOption('private');
    await page.waitForURL(/filter=private/);
    await page.getByRole('link', { name: 'octocat/secret-plans' }).waitFor();

    await page.goto('/repositories');
    await page.getByLabel('Sort').selectOption('name');
    await page.waitForURL(/sort=name/);
    const sortedByName = async () => {
      const names = await page.locator('ul a[href^="/repo/"]').allTextContents();
      const lowered = names.map((name) => name.split('/').pop()?.toLowerCase() ?? '');
      return (
        lowered.length > 1 && lowered.every((name, i) => i === 0 || (lowered[i - 1] ?? '') <= name)
      );
    };
    await expect.poll(sortedByName, { timeout: 10_000 }).toBe(true);

    await page.goto('/pull-requests?filter=merged&sort=created');
    const pulls = page.locator('#pull-requests-count');
    await pulls.filter({ hasText: /\d+ pull requests?/ }).waitFor();
    await page.waitForLoadState('networkidle');
    const badges = await page
      .getByRole('list')
      .last()
      .getByText(/^(Open|Closed|Merged)$/)
      .allTextContents();
    expect(new Set(badges)).toEqual(new Set(['Merged']));

    await page.goto('/pull-requests?sort=created');
    await pulls.filter({ hasText: /\d+ pull requests/ }).waitFor();
    await page.waitForLoadState('networkidle');
    const firstPage = await page.locator('ul a[href*="/pull/"]').allTextContents();
    expect(firstPage.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    // The live event stream keeps a request open, so "network idle" says nothing here: wait for
    // the rows themselves (the previous page stays on screen while the next one loads).
    const rows = () => page.locator('ul a[href*="/pull/"]').allTextContents();
    await expect
      .poll(async () => JSON.stringify(await rows()), { timeout: 15_000 })
      .not.toBe(JSON.stringify(firstPage));
    expect((await rows()).length).toBeGreaterThan(0);
    expect(e2e.pageErrors).toEqual([]);
  }, 90_000);
});
