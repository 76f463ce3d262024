import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';

describe('Continue with GitHub in demo mode', () => {
  const e2e = useE2e();

  it("goes through the emulator's authorize page and lands signed in on the dashboard", async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with GitHub' }).click();
    // The emulator's authorize page lists the emulated accounts.
    await page
      .getByRole('button', { name: /octocat/ })
      .first()
      .click();
    await page.waitForURL('**/dashboard');
    expect(page.url()).not.toContain('token=');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^sds_/);
    await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();

    await page.goto('/settings');
    await page.getByText('Connected', { exact: true }).first().waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });
});
