import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { signInAsOctocat } from './support/sessions.js';

describe('GitHub pages on demo data', () => {
  const e2e = useE2e();

  it('shows real stat cards and the six most recently updated repositories', async () => {
    const page = await e2e.newPage();
    await signInAsOctocat(page);
    await page.getByText('Demo data', { exact: true }).waitFor();
    for (const label of ['Total Repositories', 'Commits (30 days)', 'Open Issues', 'Total Stars']) {
      await page.getByText(label, { exact: true }).waitFor();
    }
    const recent = page.getByRole('region', { name: 'Recent Repositories' });
    const repoLinks = recent.locator('a[href^="/repo/"]');
    await repoLinks.first().waitFor();
    expect(await repoLinks.count()).toBe(6);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('searches and filters across all repositories, then opens one', async () => {
    const page = await e2e.newPage();
    await signInAsOctocat(page);
    await page.goto('/repositories');
    const count = page.locator('#repositories-count');
    await count.filter({ hasText: /\d+ repositories/ }).waitFor();

    await page.getByLabel('Search repositories', { exact: true }).fill('hello-world');
    await page.waitForURL(/q=hello-world/);
    await count.filter({ hasText: /^1 repositor/ }).waitFor();
    await page.getByRole('link', { name: 'octocat/hello-world' }).click();
    await page.waitForURL('**/repo/octocat/hello-world');

    await page.getByRole('heading', { name: /hello-world/ }).waitFor();
    const commitLinks = page
      .getByRole('tabpanel')
      .getByRole('link', { name: /^Commit [0-9a-f]+ on GitHub$/ });
    await commitLinks.first().waitFor();
    const shas = await commitLinks.allTextContents();
    expect(shas.length).toBeGreaterThan(0);
    expect(shas.length).toBeLessThanOrEqual(10);
    for (const sha of shas) expect(sha.trim()).toMatch(/^[0-9a-f]{7}$/);

    await page.getByRole('tab', { name: /Pull Requests/ }).click();
    await page
      .getByRole('tabpanel')
      .getByText(/^(Open|Closed|Merged)$/)
      .first()
      .waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });

  it('filters pull requests across repositories to the merged ones', async () => {
    const page = await e2e.newPage();
    await signInAsOctocat(page);
    await page.goto('/pull-requests');
    await page
      .locator('#pull-requests-count')
      .filter({ hasText: /\d+ pull requests/ })
      .waitFor();
    await page.getByLabel('Filter').selectOption('merged');
    await page.waitForURL(/filter=merged/);
    // The filtered rows replace the previous page when the server answers, not at network idle.
    const badges = () =>
      page
        .getByRole('list')
        .last()
        .getByText(/^(Open|Closed|Merged)$/)
        .allTextContents();
    await expect
      .poll(async () => [...new Set(await badges())], { timeout: 30_000 })
      .toEqual(['Merged']);
  });

  it('fits a 360 px wide phone on every GitHub page', async () => {
    const page = await e2e.newPage({ width: 360 });
    await signInAsOctocat(page);
    const overflowing: string[] = [];
    for (const path of [
      '/dashboard',
      '/repositories',
      '/repo/octocat/hello-world',
      '/pull-requests',
    ]) {
      await page.goto(path);
      await page.getByRole('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      const tooWide = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      if (tooWide) overflowing.push(path);
    }
    expect(overflowing).toEqual([]);
  });
});
