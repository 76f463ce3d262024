import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { signUpOverApi } from './support/sessions.js';

interface Envelope<T> {
  success: boolean;
  data: T;
}

async function githubLoginOf(page: Page, token: string): Promise<string | null> {
  const me = await page.request.get('/auth/me', { headers: { authorization: `Bearer ${token}` } });
  return ((await me.json()) as Envelope<{ user: { githubLogin: string | null } }>).data.user
    .githubLogin;
}

describe('OAuth bound to the browser that began it', () => {
  const e2e = useE2e();

  it("a link URL made by an attacker does not connect the victim's GitHub to the attacker", async () => {
    const attacker = await e2e.newPage();
    // The attacker's own Shipdeck account, made and signed in from their own browser.
    const { token } = await signUpOverApi(attacker);

    // 1. The attacker asks for a connect URL for their own account (their browser gets the cookie).
    const link = await attacker.request.post('/auth/github/link', {
      headers: { authorization: `Bearer ${token}` },
    });
    const { url } = ((await link.json()) as Envelope<{ url: string }>).data;

    // 2. The victim, in another browser, opens it and approves with their GitHub account.
    const victim = await e2e.newPage();
    const visited: string[] = [];
    victim.on('framenavigated', (frame) => visited.push(frame.url()));
    await victim.goto(url);
    await victim
      .getByRole('button', { name: /octocat/ })
      .first()
      .click();

    // 3. The callback refuses (to /settings, which sends a signed-out victim on to /login),
    // and nothing was linked.
    await victim.waitForURL((address) => address.pathname === '/login');
    expect(visited.some((address) => address.endsWith('/settings?github_error=auth_failed'))).toBe(
      true,
    );
    expect(await githubLoginOf(attacker, token)).toBeNull();
    expect(await victim.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(e2e.pageErrors).toEqual([]);
  });

  it('an unused sign-in callback URL signs in nobody but the browser that began it', async () => {
    // 1. The attacker begins a GitHub sign-in and approves at GitHub, but keeps the callback URL
    // unopened (the approval is posted without following its redirect).
    const attacker = await e2e.newPage();
    await attacker.goto('/login');
    await attacker.getByRole('link', { name: 'Continue with GitHub' }).click();
    await attacker
      .getByRole('button', { name: /octocat/ })
      .first()
      .waitFor();
    const authorize = new URL(attacker.url());
    const form = Object.fromEntries(authorize.searchParams);
    // The authorize page posts to its own address (under PUBLIC_URL/_demo/github in demo mode).
    const approval = await attacker.request.post(new URL(authorize.pathname, authorize).href, {
      form: { ...form, login: 'octocat', decision: 'allow' },
      maxRedirects: 0,
    });
    const callbackUrl = approval.headers()['location'] ?? '';
    expect(callbackUrl).toContain('/auth/github/callback?');

    // 2. The victim opens it: no session, an error on the login page, and no token anywhere.
    const victim = await e2e.newPage();
    await victim.goto(callbackUrl);
    await victim.waitForURL((address) => address.pathname === '/login');
    await victim.getByText('GitHub authentication failed. Please try again.').waitFor();
    expect(await victim.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(victim.url()).not.toContain('code=');

    // 3. The state is spent: the attacker cannot use it afterwards either.
    await attacker.goto(callbackUrl);
    await attacker.waitForURL((address) => address.pathname === '/login');
    expect(await attacker.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(e2e.pageErrors).toEqual([]);
  });

  it('the browser that began signs in without a session token ever appearing in a URL', async () => {
    const page = await e2e.newPage();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => visited.push(frame.url()));
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with GitHub' }).click();
    await page
      .getByRole('button', { name: /octocat/ })
      .first()
      .click();
    await page.waitForURL('**/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^sds_/);
    expect(visited.some((address) => address.includes('/login/github?code='))).toBe(true);
    expect(visited.filter((address) => address.includes('sds_'))).toEqual([]);
  });
});
