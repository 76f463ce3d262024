import { AxeBuilder } from '@axe-core/playwright';
import { auditActionLabels } from '@shipdeck/shared/admin';
import { adminMessages, signupAccessMessages } from '@shipdeck/shared/instance-access-messages';
import { signInErrorMessages } from '@shipdeck/shared/sign-in-messages';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueAccount, useE2e } from './support/fixtures.js';

// Issue 32 in the built app, on an invite-only instance: the first account (the owner) invites
// a member from /admin, the member signs up from the link, and disabling the member sends their
// open tab to /login without anyone touching it.

async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  // Typed once the prerendered form is live (its submit button is enabled then): this test is
  // about who may sign in, not about keys pressed before the page's code ran.
  await page.waitForFunction(
    () => document.querySelector('form button[type="submit"]:not([disabled])') !== null,
  );
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

describe('who belongs to an instance (issue 32)', () => {
  const e2e = useE2e({ SIGNUPS: 'invite' });
  const owner = uniqueAccount();

  beforeAll(async () => {
    // The instance's first account: admitted on an invite-only instance, and its owner.
    const response = await fetch(`${e2e.server.url}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(owner),
    });
    expect(response.status).toBe(201);
  });

  it('invites a member from /admin, who signs up from the link; disabling them sends their open tab to /login', async () => {
    const ownerPage = await e2e.newPage();
    await ownerPage
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    await signIn(ownerPage, owner);
    await ownerPage.getByRole('button', { name: 'User menu' }).click();
    await ownerPage.getByRole('menuitem', { name: 'Admin' }).click();
    await ownerPage.waitForURL('**/admin');
    await ownerPage.getByRole('heading', { name: owner.username }).waitFor();

    const member = uniqueAccount();
    await ownerPage.getByRole('tab', { name: 'Invitations' }).click();
    await ownerPage.getByLabel('Email (optional)').fill(member.email);
    await ownerPage.getByRole('button', { name: 'Create invitation' }).click();
    const linkField = ownerPage.getByLabel('Invitation link');
    await linkField.waitFor();
    await ownerPage.getByRole('button', { name: 'Copy' }).click();
    await ownerPage.getByRole('button', { name: 'Copied' }).waitFor();
    const link = await ownerPage.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(await linkField.inputValue());
    expect(link).toMatch(new RegExp(`^${e2e.server.url}/signup\\?invitation=`));
    await ownerPage
      .getByRole('button', { name: `Revoke the invitation for ${member.email}` })
      .waitFor();

    // The member, in a browser of their own.
    const memberPage = await e2e.newPage();
    await memberPage.goto(link);
    await memberPage.getByText(signupAccessMessages.invitedBy(owner.username)).waitFor();
    const email = memberPage.getByLabel('Email');
    expect(await email.inputValue()).toBe(member.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await memberPage.getByLabel('Username').fill(member.username);
    await memberPage.getByLabel('Password', { exact: true }).fill(member.password);
    await memberPage.getByLabel('Confirm password').fill(member.password);
    await memberPage.getByRole('button', { name: 'Create account' }).click();
    await memberPage.waitForURL('**/login');
    await signIn(memberPage, member);
    // The live stream is open on the signed-in page: the tab can hear of the session's end.
    await memberPage.waitForResponse((response) => response.url().includes('/api/events?ticket='));

    // A member never sees the admin link, and the page says it is not theirs.
    await memberPage.getByRole('button', { name: 'User menu' }).click();
    await memberPage.getByRole('menuitem', { name: 'Settings' }).waitFor();
    expect(await memberPage.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    await memberPage.keyboard.press('Escape');

    await ownerPage.getByRole('tab', { name: 'Users' }).click();
    const memberRow = ownerPage.locator('li', {
      has: ownerPage.getByRole('heading', { name: member.username }),
    });
    expect(
      await memberRow.getByRole('combobox', { name: `Role of ${member.username}` }).inputValue(),
    ).toBe('member');
    await memberRow.getByRole('button', { name: `Disable ${member.username}` }).click();
    const disabledAt = Date.now();
    await ownerPage.getByText(adminMessages.userDisabled(member.username)).waitFor();

    // Nobody touches the member's tab: it reaches /login by itself, promptly.
    await memberPage.waitForURL('**/login', { timeout: 10_000 });
    expect(Date.now() - disabledAt).toBeLessThan(10_000);
    expect(await memberPage.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await memberPage.getByLabel('Email').fill(member.email);
    await memberPage.getByLabel('Password', { exact: true }).fill(member.password);
    await memberPage.getByRole('button', { name: 'Sign in' }).click();
    await memberPage.getByText(signInErrorMessages.accountDisabled).waitFor();

    // The audit log has both, newest first: the refused sign-in, then the disabling.
    await ownerPage.getByRole('tab', { name: 'Audit log' }).click();
    const entries = ownerPage.getByRole('tabpanel').getByRole('listitem');
    await entries.first().getByText(auditActionLabels['signin.disabled']).waitFor();
    expect(await entries.nth(1).textContent()).toContain(
      `${owner.username}${auditActionLabels['user.disabled']}${member.username}`,
    );

    await memberPage.goto('/admin');
    await memberPage.waitForURL('**/login');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('says the instance is invite-only on /signup before anyone types', async () => {
    const page = await e2e.newPage();
    await page.goto('/signup');
    await page.getByText(signInErrorMessages.signupsInviteOnly).waitFor();
    expect(await page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('keeps a password-reset link’s token for its page, which says when the link is no good', async () => {
    const page = await e2e.newPage();
    await page.goto('/reset-password?token=not-a-real-reset-token');
    // Not taken for a session token (main.tsx), nor removed from the address.
    expect(page.url()).toContain('token=not-a-real-reset-token');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(
      await page.locator('meta[name="referrer"]').getAttribute('content', { timeout: 10_000 }),
    ).toBe('no-referrer');
    await page.getByLabel('New password', { exact: true }).fill('a-new-secret');
    await page.getByLabel('Confirm new password').fill('a-new-secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(signInErrorMessages.passwordResetInvalid).waitFor();
    expect(new URL(page.url()).pathname).toBe('/reset-password');
  });

  it('draws /admin at 390 px in dark mode without sideways scrolling, and axe finds nothing serious', async () => {
    const page = await e2e.newPage({ width: 390, colorScheme: 'dark' });
    await signIn(page, owner);
    const found: Record<string, string[]> = {};
    const widths: Record<string, number> = {};
    for (const tab of ['users', 'invitations', 'settings', 'audit']) {
      await page.goto(tab === 'users' ? '/admin' : `/admin?tab=${tab}`);
      await page.getByRole('tabpanel').waitFor();
      await page.waitForLoadState('networkidle');
      if (tab === 'invitations') {
        // The link once it is made: the longest line on the page.
        await page.getByRole('button', { name: 'Create invitation' }).click();
        await page.getByLabel('Invitation link').waitFor();
      }
      widths[tab] = await page.evaluate(() => document.documentElement.scrollWidth);
      found[tab] = await seriousViolations(page);
    }
    for (const [tab, width] of Object.entries(widths)) expect(width, tab).toBeLessThanOrEqual(390);
    expect(found).toEqual({ users: [], invitations: [], settings: [], audit: [] });
  });
});
