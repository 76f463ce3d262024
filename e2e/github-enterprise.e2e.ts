import type { EmulatorHandle } from '@shipdeck/emulator/start-emulator';
import { startEmulator } from '@shipdeck/emulator/start-emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueAccount, useE2e } from './support/fixtures.js';

/**
 * A self-hoster on GitHub Enterprise Server with no OAuth app: demo mode off, GITHUB_API_URL and
 * GITHUB_WEB_URL naming the emulator (another origin than Shipdeck's), tokens the only way in.
 */
let emulator: EmulatorHandle;
const env: Record<string, string> = {};

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: 7, repos: 12, richRepos: 2, projects: 1 });
  Object.assign(env, {
    DEMO_MODE: 'false',
    GITHUB_API_URL: emulator.githubApiUrl,
    GITHUB_WEB_URL: emulator.oauthUrl,
    VERCEL_API_URL: emulator.vercelApiUrl,
  });
}, 60_000);
afterAll(async () => emulator.close());

const SIGNED_IN_PAGES = [
  '/dashboard',
  '/repositories',
  '/pull-requests',
  '/deployments',
  '/insights',
  '/notifications',
  '/repo/octocat/hello-world',
  '/profile',
  '/settings',
];

/** Every link on the page once its data has arrived (the network has been quiet). */
async function linksOf(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.getByRole('main').waitFor();
  return page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
}

describe('GitHub Enterprise Server by token, without an OAuth app', () => {
  // `env` is filled by the emulator's beforeAll, which runs before the server starts.
  const e2e = useE2e(env);

  it('hides sign-in with GitHub, connects by token from the prompt, and never links to github.com', async () => {
    const page = await e2e.newPage();
    const account = uniqueAccount();

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue with GitHub' }).isVisible()).toBe(false);

    await page.goto('/signup');
    expect(await page.getByRole('link', { name: 'Continue with GitHub' }).isVisible()).toBe(false);
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');

    // The "not connected" prompt offers the token form, the only way on this server.
    await page.getByText('GitHub not connected').first().waitFor();
    expect(await page.getByRole('button', { name: 'Connect GitHub' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Connect with a token' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Connect GitHub with a token' });
    const tokensLink = dialog.getByRole('link', { name: /\/settings\/tokens$/ });
    expect(await tokensLink.getAttribute('href')).toBe(`${emulator.oauthUrl}/settings/tokens`);
    await dialog
      .getByLabel('Personal access token')
      .fill(emulator.createGithubToken('octocat', ['repo', 'read:org']));
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('region', { name: 'Recent Repositories' }).waitFor({ timeout: 30_000 });

    const seen = new Set<string>();
    for (const path of SIGNED_IN_PAGES) {
      for (const href of await linksOf(page, path)) {
        expect(new URL(href).hostname, `${path} links to ${href}`).not.toMatch(
          /(^|\.)github\.com$/,
        );
        seen.add(href);
      }
    }
    // The pages do link to GitHub: to the Enterprise server's own pages.
    expect(seen).toContain(`${emulator.oauthUrl}/dashboard`);
    expect(seen).toContain(`${emulator.oauthUrl}/new`);
    expect([...seen].some((href) => href.startsWith(`${emulator.oauthUrl}/octocat/`))).toBe(true);
    expect(e2e.pageErrors).toEqual([]);
  }, 120_000);
});
