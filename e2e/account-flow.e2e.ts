import { errorMessages, successMessages } from '@shipdeck/shared/messages';
import { validationMessages } from '@shipdeck/shared/sign-in-messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueAccount, useE2e } from './support/fixtures.js';
import { signUpOverApi } from './support/sessions.js';

async function seeText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 });
}

describe('account flow in the built app', () => {
  const e2e = useE2e();

  it('signs up, logs in, toggles the theme, edits the profile and signs out', async () => {
    const page = await e2e.newPage();
    const account = uniqueAccount();

    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/signup');

    // The spec's validation texts, before anything reaches the server.
    await page.getByRole('button', { name: 'Create account' }).click();
    await seeText(page, validationMessages.usernameRequired);
    await seeText(page, validationMessages.emailRequired);
    await seeText(page, validationMessages.passwordRequired);

    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password').fill('something-else');
    await page.getByRole('button', { name: 'Create account' }).click();
    await seeText(page, validationMessages.passwordsDoNotMatch);
    await page.getByLabel('Confirm password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await seeText(page, successMessages.accountCreated);
    await page.waitForURL('**/login');

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await seeText(page, errorMessages.invalidCredentials);

    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Welcome back, ${account.username}` }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^sds_/);
    const current = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' });
    expect(await current.getAttribute('aria-current')).toBe('page');

    // Theme: starts light (the context prefers light), toggles to dark, survives a reload.
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      false,
    );
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { name: `Welcome back, ${account.username}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Display name').fill('Mona Tester');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await seeText(page, successMessages.profileUpdated);
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Mona Tester' }).waitFor();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('changes the password for real and then deletes the account', async () => {
    const page = await e2e.newPage();
    const account = uniqueAccount();
    await page.request.post('/auth/signup', { data: account });
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/profile');
    await page.getByLabel('Current password').fill('wrong-one');
    await page.getByLabel('New password').fill('brand-new-pass');
    await page.getByLabel('Confirm password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await seeText(page, errorMessages.currentPasswordIncorrect);
    await page.getByLabel('Current password').fill(account.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await seeText(page, successMessages.passwordChanged);

    const oldLogin = await page.request.post('/auth/login', {
      data: { email: account.email, password: account.password },
    });
    expect(oldLogin.status()).toBe(401);

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByLabel('Your password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await seeText(page, successMessages.accountDeleted);
    await page.waitForURL((url) => url.pathname === '/');
    const gone = await page.request.post('/auth/login', {
      data: { email: account.email, password: 'brand-new-pass' },
    });
    expect(gone.status()).toBe(401);
  });

  it('shows the OAuth error text and removes the parameter from the address', async () => {
    const page = await e2e.newPage();
    await page.goto('/login?error=auth_failed');
    await seeText(page, 'GitHub authentication failed. Please try again.');
    await page.waitForURL((url) => !url.search.includes('error'));
  });

  it('reads a token from the address bar, stores it and removes it', async () => {
    const page = await e2e.newPage();
    const { account, token } = await signUpOverApi(page);
    await page.goto(`/dashboard?token=${token}`);
    await page.getByRole('heading', { name: `Welcome back, ${account.username}` }).waitFor();
    expect(page.url()).not.toContain('token=');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
  });

  it('shows the prerendered sign-in form to guests only, before any script runs', async () => {
    // The app's own scripts are held back, so what shows is the HTML's first paint.
    const appCode = /\/assets\/.*\.js$/;
    const guest = await e2e.newPage();
    await guest.route(appCode, (route) => route.abort());
    await guest.goto('/login');
    expect(await guest.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);

    const page = await e2e.newPage();
    const { account, token } = await signUpOverApi(page);
    await page.addInitScript((stored) => localStorage.setItem('token', stored), token);
    await page.route(appCode, (route) => route.abort());
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      expect(await page.locator('#root form').count()).toBe(1);
      expect(await page.locator('#root form').isVisible()).toBe(false);
    }

    // With its code, the app takes the signed-in visitor on to the dashboard.
    await page.unroute(appCode);
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Welcome back, ${account.username}` }).waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });

  it('collapses the navigation into a menu at phone width', async () => {
    const page = await e2e.newPage({ width: 360 });
    const account = uniqueAccount();
    await page.request.post('/auth/signup', { data: account });
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    const repositories = page.getByRole('link', { name: 'Repositories', exact: true });
    expect(await repositories.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await repositories.click();
    await page.waitForURL('**/repositories');
    await seeText(page, 'GitHub not connected');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
  });
});
